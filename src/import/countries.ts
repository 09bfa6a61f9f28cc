/**
 * The countries an imported offer is valid in (issue 39 part 2), as ISO 3166-1 alpha-2 upper-case
 * codes for the catalog's `countries` field: [] = every country (the field is then omitted).
 * Networks write codes ("GB", "us"), names ("Portugal", "United Kingdom"; CJ) or, for Rakuten,
 * the network ("US Network", id 1). A value that names no country is ignored (and an offer whose
 * values all are ignored is valid everywhere, as the network did not limit it readably). Pure.
 */

/**
 * Rakuten Advertising's networks by id, from its documented network list (Publisher Help Center
 * "Network IDs": 1 U.S., 3 U.K., 5 Canada, 7 France, 8 Germany, 41 Australia).
 */
export const RAKUTEN_NETWORKS: Record<string, string> = {
  '1': 'US',
  '3': 'GB',
  '5': 'CA',
  '7': 'FR',
  '8': 'DE',
  '41': 'AU',
};
const RAKUTEN_NAMES: Record<string, string> = {
  us: 'US',
  'u.s.': 'US',
  uk: 'GB',
  'u.k.': 'GB',
  canada: 'CA',
  france: 'FR',
  germany: 'DE',
  australia: 'AU',
};

/** Every region code Intl knows, by its English name (lower case), built once. */
let byName: Map<string, string> | null = null;
const codes = new Set<string>();
function nameIndex(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  for (let a = 65; a <= 90; a++)
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = names.of(code);
      if (name && name !== code) {
        byName.set(name.toLowerCase(), code);
        codes.add(code);
      }
    }
  for (const [alias, code] of [
    ['uk', 'GB'],
    ['great britain', 'GB'],
    ['england', 'GB'],
    ['usa', 'US'],
    ['united states of america', 'US'],
    ['u.s.', 'US'],
    ['u.s.a.', 'US'],
  ] as const)
    byName.set(alias, code);
  return byName;
}

/** One network value → an alpha-2 code, or null. "UK" is GB (Awin and CJ write it so). */
export function countryCodeOf(raw: string): string | null {
  const v = raw.trim();
  if (/^[A-Za-z]{2}$/.test(v)) {
    const code = v.toUpperCase();
    if (code === 'UK') return 'GB';
    nameIndex();
    return codes.has(code) ? code : null;
  }
  return nameIndex().get(v.toLowerCase().replace(/\s+/g, ' ')) ?? null;
}

/** Rakuten's `network` ("US Network", or its id) → a code, or null. */
export function rakutenCountryOf(raw: string): string | null {
  const v = raw.trim().toLowerCase();
  if (RAKUTEN_NETWORKS[v]) return RAKUTEN_NETWORKS[v]!;
  const name = v.replace(/\s*network$/, '').trim();
  return RAKUTEN_NAMES[name] ?? countryCodeOf(name);
}

/** The sorted, distinct codes of a feed's regions; [] = everywhere. */
const EVERYWHERE: string[] = [];
/** Results by network and regions: a feed repeats a few region lists, and offers share them. */
const memo = new Map<string, string[]>();
export function countriesOf(regions: readonly string[], network: string): string[] {
  if (regions.length === 0) return EVERYWHERE;
  const key = `${network}\u0000${regions.join('\u0000')}`;
  const known = memo.get(key);
  if (known) return known;
  const out = new Set<string>();
  for (const r of regions) {
    const code = network === 'rakuten' ? rakutenCountryOf(r) : countryCodeOf(r);
    if (code) out.add(code);
  }
  const list = out.size ? [...out].sort() : EVERYWHERE;
  if (memo.size >= 5_000) memo.clear();
  memo.set(key, list);
  return list;
}
