/** The site's validated configuration, for the runtime loader (SPEC §4 "Configuration load"). */
import { site } from '../../config/site.ts';

export function GET() {
  return new Response(JSON.stringify(site), { headers: { 'Content-Type': 'application/json' } });
}
