/**
 * What of a site config may reach browsers (ARCHITECTURE "published config"): an explicit
 * allowlist, typed against the schema so a renamed field breaks the build here. Everything the
 * client bundle or `/config/<site-id>.config.json` gets is projected through it; fields not
 * listed (newsletter apiKey/listId, api.build, staticData.catalog, admin, other features' extra
 * keys) never leave the build. Inside an allowed subtree, keys that look like secrets are dropped
 * as well (e.g. an Adsterra `params.token`).
 *
 * `secretValues` lists the values of secret-looking keys anywhere in the config, and credentials
 * written inside addresses (./url-secrets.ts); the build scans its output for them (scripts/lib/build-sites/secret-scan.ts) and fails naming the file.
 * Pure: no zod, no node:*.
 */
import type { SiteConfig } from './schema.ts';
import { SECRET_KEY } from './secret-key.ts';
import { urlSecretValues } from './url-secrets.ts';

export { SECRET_KEY };

/**
 * Secret-looking fields that are public by design: the admin gate compares a SHA-256 of the typed
 * password in the browser (ARCHITECTURE "admin gate"), so the hash ships; never a password.
 */
export const PUBLIC_BY_DESIGN: readonly string[] = ['admin.passwordSha256'];

type Mask<T> =
  | true
  | (NonNullable<T> extends readonly (infer E)[]
      ? Mask<E>
      : NonNullable<T> extends object
        ? { [K in keyof NonNullable<T> as string extends K ? never : K]?: Mask<NonNullable<T>[K]> }
        : never);

/** The allowlist: `true` takes a field (or subtree) whole; an object takes only the listed keys. */
export const PUBLIC_FIELDS = {
  site: true,
  branding: true,
  content: true,
  features: {
    staticData: true,
    search: true,
    pagination: true,
    newsletter: { enabled: true, provider: true, endpoint: true },
  },
  seo: true,
  api: { baseUrl: true, timeout: true, retryCount: true, endpoints: true },
  ads: {
    enabled: true,
    strategy: true,
    positions: true,
    clickRateLimit: true,
    displayProbability: true,
    modal: true,
    // Direct-sold campaigns and Amazon products render in the browser (issue 25).
    campaigns: true,
    amazon: true,
    platforms: {
      platform: true,
      enabled: true,
      testMode: true,
      publisherId: true,
      slot: true,
      type: true,
      key: true,
      width: true,
      height: true,
      format: true,
      params: true,
      host: true,
    },
  },
  consent: true,
  analytics: true,
  // The verdict's thresholds (issue 40): islands apply it to the health they read after the paint.
  health: true,
} as const satisfies Mask<SiteConfig>;

type MaskNode = true | { readonly [key: string]: MaskNode };

function project(value: unknown, mask: MaskNode): unknown {
  if (Array.isArray(value)) return value.map((v) => project(v, mask));
  if (value === null || typeof value !== 'object') return mask === true ? value : undefined;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (SECRET_KEY.test(key)) continue;
    const sub = mask === true ? true : mask[key];
    if (sub === undefined) continue;
    const projected = project(v, sub);
    if (projected !== undefined) out[key] = projected;
  }
  return out;
}

type Picked<T, M> = M extends true
  ? T
  : T extends readonly (infer E)[]
    ? Picked<E, M>[]
    : T extends object
      ? { [K in keyof T as K extends keyof M ? K : never]: Picked<T[K], M[K & keyof M]> }
      : T;

/** The public subset of a site config (what `/config/<site-id>.config.json` contains). */
export type PublicSiteConfig = Picked<SiteConfig, typeof PUBLIC_FIELDS>;

export function publicSiteConfig(config: SiteConfig): PublicSiteConfig {
  return project(config, PUBLIC_FIELDS) as PublicSiteConfig;
}

/** The ads settings islands get (the public fields of `ads`). */
export type PublicAdsConfig = PublicSiteConfig['ads'];

/**
 * The few settings islands need in the browser, `virtual:site-runtime` (src/config/site-runtime.ts):
 * taken from the public subset only, so nothing outside PUBLIC_FIELDS can reach a bundle. Defaults
 * come from the schema (e.g. `features.search.minCharacters`), none are added here.
 */
export function siteRuntimeOf(config: SiteConfig) {
  const publicConfig = publicSiteConfig(config);
  const { site, features, api } = publicConfig;
  return {
    siteId: site.id,
    siteName: site.name,
    defaultLanguage: site.defaultLanguage,
    languages: site.supportedLanguages,
    timezone: site.timezone,
    staticData: features.staticData.enabled,
    /**
     * An edge site (deploy.target cloudflare): its Worker answers /api on the same origin, so
     * records and the "Did it work?" question go there even with static data (issue 32).
     * Not secret: the target only (the rest of `deploy` stays out of the bundle).
     */
    edgeApi: config.deploy.target === 'cloudflare',
    apiBaseUrl: api.baseUrl,
    apiTimeout: api.timeout,
    apiRetryCount: api.retryCount,
    apiEndpoints: api.endpoints,
    searchMinCharacters: features.search.minCharacters,
    /** features.pagination: the page size of every listing and how the next page loads. */
    pagination: { type: features.pagination.type, itemsPerPage: features.pagination.itemsPerPage },
    ads: publicConfig.ads,
    consent: publicConfig.consent,
    /** The verdict's thresholds (issue 40, docs/code-health.md "The verdict"). */
    health: publicConfig.health,
  };
}

/** What `virtual:site-runtime` exports (src/env.d.ts declares the module with it). */
export type SiteRuntime = ReturnType<typeof siteRuntimeOf>;

/** Where the public config is published: `/config/<site-id>.config.json`. */
export function publicConfigPath(siteId: string): string {
  return `/config/${siteId}.config.json`;
}

export interface SecretValue {
  /** JSON path, e.g. "features.newsletter.apiKey". */
  path: string;
  value: string;
}

/**
 * Every string (or number) under a secret-looking key, except PUBLIC_BY_DESIGN, and every
 * credential written inside an address anywhere in the config (`user:pass@`, `?apiKey=`; the
 * schema refuses those, the scan looks for them anyway).
 */
export function secretValues(config: unknown): SecretValue[] {
  const found: SecretValue[] = [];
  const walk = (value: unknown, path: string, secret: boolean) => {
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) walk(v, `${path}[${i}]`, secret);
      return;
    }
    if (value !== null && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) {
        const p = path ? `${path}.${key}` : key;
        walk(v, p, secret || SECRET_KEY.test(key));
      }
      return;
    }
    if (!secret || PUBLIC_BY_DESIGN.includes(path)) return;
    if (typeof value === 'string' || typeof value === 'number') {
      const text = String(value);
      if (text.trim() !== '') found.push({ path, value: text });
    }
  };
  walk(config, '', false);
  for (const s of urlSecretValues(config)) if (!found.some((f) => f.value === s.value)) found.push(s);
  return found;
}
