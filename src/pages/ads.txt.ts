/** /ads.txt (IAB ads.txt 1.1): this site's authorized sellers, from its config (src/ads/ads-txt.ts). */
import { adsTxt } from '../ads/ads-txt.ts';
import { site } from '../config/site.ts';

export function GET() {
  return new Response(adsTxt(site), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
