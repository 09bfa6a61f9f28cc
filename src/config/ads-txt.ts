/**
 * `/ads.txt` (IAB Tech Lab ads.txt 1.1): the sellers authorized to sell this site's inventory.
 * Built from the site config: the AdSense line from the publisher id (when adsense is enabled),
 * the lines of `ads.adsTxt` (a line tied to a platform, e.g. Adsterra's, only while that
 * platform is enabled), and OWNERDOMAIN. Pure; validated at build time through the config
 * schema (a bad line is reported at its JSON path, `ads.adsTxt[i]`).
 */

/** Google's certification authority id (TAG-ID) for AdSense. */
export const GOOGLE_CERT_ID = 'f08c47fec0942fa0';

/** Variables ads.txt 1.1 defines (case-insensitive names). */
export const ADS_TXT_VARIABLES = [
  'CONTACT',
  'SUBDOMAIN',
  'INVENTORYPARTNERDOMAIN',
  'OWNERDOMAIN',
  'MANAGERDOMAIN',
] as const;

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const ACCOUNT_ID = /^[^\s,#;=]+$/;
const CERT_ID = /^[a-z0-9]+$/i;

/**
 * Why one line is not valid ads.txt 1.1, or null when it is. Blank lines and `#` comments are
 * valid; a record is `domain, account id, DIRECT|RESELLER[, certification authority id]`
 * (an extension after `;` is allowed); a variable is `NAME=value`.
 */
export function validateAdsTxtLine(line: string): string | null {
  if (/[\r\n]/.test(line)) return 'An ads.txt line cannot contain a line break: give each line its own entry';
  const body = line.replace(/#.*$/, '').trim();
  if (body === '') return null;
  const record = body.split(';')[0]?.trim() ?? '';
  const eq = record.indexOf('=');
  if (eq > 0 && !record.slice(0, eq).includes(',')) {
    const name = record.slice(0, eq).trim().toUpperCase();
    const value = record.slice(eq + 1).trim();
    if (!(ADS_TXT_VARIABLES as readonly string[]).includes(name)) {
      return `Unknown ads.txt variable "${record.slice(0, eq).trim()}": use one of ${ADS_TXT_VARIABLES.join(', ')}`;
    }
    if (!value) return `ads.txt variable ${name} needs a value`;
    if (name !== 'CONTACT' && !DOMAIN.test(value))
      return `ads.txt variable ${name} must be a domain name, got "${value}"`;
    return null;
  }
  const fields = record.split(',').map((f) => f.trim());
  if (fields.length < 3 || fields.length > 4) {
    return `An ads.txt record has 3 or 4 comma-separated fields (domain, account id, DIRECT or RESELLER, optional certification id); got ${fields.length}: "${line}"`;
  }
  const [domain, account, relation, cert] = fields as [string, string, string, string | undefined];
  if (!DOMAIN.test(domain)) return `ads.txt field 1 must be the ad system's domain, e.g. "google.com"; got "${domain}"`;
  if (!ACCOUNT_ID.test(account)) return `ads.txt field 2 must be the seller account id; got "${account}"`;
  if (!/^(DIRECT|RESELLER)$/i.test(relation)) return `ads.txt field 3 must be DIRECT or RESELLER; got "${relation}"`;
  if (cert !== undefined && !CERT_ID.test(cert)) {
    return `ads.txt field 4 must be the certification authority id (letters and digits); got "${cert}"`;
  }
  return null;
}

export type AdsTxtEntry = string | { platform: string; line: string };

export interface AdsTxtInput {
  site: { domain: string; name: string };
  ads: {
    enabled?: boolean;
    platforms: readonly { platform: string; enabled: boolean; publisherId?: string | undefined }[];
    adsTxt: readonly AdsTxtEntry[];
  };
}

/** The AdSense record for a "ca-pub-…" publisher id. */
export function adsenseAdsTxtLine(publisherId: string): string {
  return `google.com, ${publisherId.replace(/^ca-/, '')}, DIRECT, ${GOOGLE_CERT_ID}`;
}

/** The file's text. Ads switched off: only the comment and OWNERDOMAIN (no seller is authorized). */
export function adsTxt(input: AdsTxtInput): string {
  const { ads, site } = input;
  const on = ads.enabled === false ? [] : ads.platforms.filter((p) => p.enabled);
  const enabled = new Set(on.map((p) => p.platform));
  const lines = [`# ads.txt for ${site.domain} (${site.name}): sellers authorized to sell its ad space.`];
  const seen = new Set<string>();
  const push = (line: string) => {
    const key = line.replace(/\s+/g, '').toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    lines.push(line);
  };
  push(`OWNERDOMAIN=${site.domain}`);
  const adsense = on.find((p) => p.platform === 'adsense' && p.publisherId);
  if (adsense?.publisherId) push(adsenseAdsTxtLine(adsense.publisherId));
  if (ads.enabled !== false) {
    for (const entry of ads.adsTxt) {
      if (typeof entry === 'string') push(entry.trim());
      else if (enabled.has(entry.platform)) push(entry.line.trim());
    }
  }
  return `${lines.filter(Boolean).join('\n')}\n`;
}

export function adsTxtEntryLine(entry: AdsTxtEntry): string {
  return typeof entry === 'string' ? entry : entry.line;
}
