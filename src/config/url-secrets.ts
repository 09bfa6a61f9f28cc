/**
 * Credentials written into addresses (issue 23 "Secrets inside URLs are published"): a site
 * config's URLs reach every page (links, the public config, the browser's API calls), so
 * `user:pass@host`, `?apiKey=…`, `?token=…` or `#access_token=…` in one of them is a published
 * secret. The schema refuses them (`urlSecretProblem`); the build's secret scan looks for the
 * values anyway (`urlSecretValues`, used by `secretValues` in ./public.ts).
 * Pure: no zod, no node:*.
 */

/** A query or fragment parameter name that carries a credential (case-insensitive). */
export const SECRET_PARAM =
  /api[-_]?key|secret|token|password|passwd|^pwd$|^pass$|^key$|^auth$|^authorization$|^sig$|^signature$|^credentials?$|^session(?:id)?$/i;

export interface UrlSecret {
  /** What it is, e.g. 'a password ("user:pass@")' or 'the query parameter "apiKey"'. */
  what: string;
  value: string;
}

function parse(value: string): URL | null {
  if (!/^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(value) && !value.startsWith('/') && !value.includes('?')) return null;
  try {
    // Relative paths ("/api?token=x") and protocol-relative ones ("//u:p@host") resolve against a dummy base.
    return new URL(value, 'https://base.invalid/');
  } catch {
    return null;
  }
}

const decode = (v: string) => {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
};

/** The credentials inside one address (none for an ordinary URL or plain text). */
export function urlSecrets(value: string): UrlSecret[] {
  const u = parse(value);
  if (!u) return [];
  const found: UrlSecret[] = [];
  if (u.username) found.push({ what: 'a user name ("user@" before the host)', value: decode(u.username) });
  if (u.password) found.push({ what: 'a password ("user:pass@" before the host)', value: decode(u.password) });
  const params = [
    ...[...u.searchParams].map(([k, v]) => ({ where: 'query parameter', k, v })),
    ...[...new URLSearchParams(u.hash.replace(/^#/, ''))].map(([k, v]) => ({ where: 'fragment parameter', k, v })),
  ];
  for (const { where, k, v } of params) {
    if (SECRET_PARAM.test(k) && v !== '') found.push({ what: `the ${where} "${k}"`, value: v });
  }
  return found;
}

/** The schema's message for an address with credentials, or null when it has none. */
export function urlSecretProblem(value: string): string | null {
  const found = urlSecrets(value);
  if (found.length === 0) return null;
  return `Address contains a credential (${found.map((f) => f.what).join(', ')}): it would be published in the pages. Remove it; keep credentials on the server that needs them (e.g. a header it adds)`;
}

/** Every credential inside any address of a config, with the JSON path of the address. */
export function urlSecretValues(config: unknown): { path: string; value: string }[] {
  const out: { path: string; value: string }[] = [];
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) walk(v, `${path}[${i}]`);
    } else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
    } else if (typeof value === 'string') {
      for (const s of urlSecrets(value)) out.push({ path: `${path} (${s.what})`, value: s.value });
    }
  };
  walk(config, '');
  return out;
}
