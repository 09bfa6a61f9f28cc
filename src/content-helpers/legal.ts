/**
 * What the legal pages and the forms derive from the site config: which ad networks and
 * analytics run (so a site that adds a network gets it listed), where the contact form and
 * the newsletter send to. Pure: tested in tests/unit/content.
 */
import { DEFAULT_ENDPOINTS, endpointTable } from '../api/endpoints.ts';
import type { SiteConfig } from '../config/schema.ts';

type Config = Pick<SiteConfig, 'site' | 'content' | 'features' | 'ads' | 'analytics' | 'api'>;

export interface Partner {
  /** i18n stem under legal:partners.<id> (name, receives, cookies). */
  id: string;
  /** The partner's own privacy page, when there is one. */
  policyUrl: string | null;
}

const AD_PARTNERS: Record<string, string | null> = {
  adsense: 'https://policies.google.com/technologies/partner-sites',
  adsterra: 'https://adsterra.com/privacy-policy/',
  facebook: 'https://www.facebook.com/privacy/policy/',
  amazon: 'https://www.amazon.com/gp/help/customer/display.html?nodeId=GX7NJQ4ZB8MHFRNJ',
  direct: null,
};

/** Enabled ad platforms of the config, in config order, each once. */
export function adPartners(config: Config): Partner[] {
  if (config.ads.enabled === false) return [];
  const ids = [...new Set(config.ads.platforms.filter((p) => p.enabled).map((p) => p.platform))];
  return ids.map((id) => ({ id, policyUrl: AD_PARTNERS[id] ?? null }));
}

export function analyticsPartners(config: Config): Partner[] {
  const ga = config.analytics.googleAnalytics;
  return ga?.enabled ? [{ id: 'googleAnalytics', policyUrl: 'https://policies.google.com/privacy' }] : [];
}

/**
 * How the contact form delivers a message: the operator's own endpoint when configured,
 * else POST /contact on the API (API mode), else a hand-off to the visitor's e-mail app.
 */
export type ContactMode = 'endpoint' | 'api' | 'mailto';
export function contactMode(config: Config): ContactMode {
  if (config.content.contact?.formEndpoint) return 'endpoint';
  return config.features.staticData.enabled ? 'mailto' : 'api';
}

/** Whether the newsletter form may send, and where (a path on the API, or an absolute URL). */
export function newsletterTarget(config: Config): { open: boolean; endpoint: string; provider: string | null } {
  const n = config.features.newsletter;
  const endpoint = n?.endpoint ?? endpointTable(config.api.endpoints).newsletter ?? DEFAULT_ENDPOINTS.newsletter;
  return { open: Boolean(n?.enabled), endpoint, provider: n?.enabled ? n.provider : null };
}
