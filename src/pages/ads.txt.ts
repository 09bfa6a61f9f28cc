/** /ads.txt (IAB ads.txt 1.1): this site's authorized sellers, from its config (src/config/ads-txt.ts). */
import { adsTxt } from '../config/ads-txt.ts';
import { site } from '../config/site.ts';

export function GET() {
  return new Response(adsTxt(site), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
