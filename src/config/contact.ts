/**
 * The site's contact details with their defaults filled in (`content.contact` in the site
 * config): every address not given is `<role>@<domain>` ("www." dropped), so a new site
 * works without the block. Pure: no DOM, no files.
 */
import type { SiteConfig } from './schema.ts';

export interface SiteContact {
  support: string;
  partnerships: string;
  press: string;
  careers: string;
  /** Postal address lines, empty when none is configured. */
  postalAddress: string[];
  /** The operator's own form endpoint, if any (see contactSchema.formEndpoint). */
  formEndpoint: string | null;
  /** The live chat page, if any. */
  liveChatUrl: string | null;
  /** Live chat hours per language as configured; empty when the default wording applies. */
  liveChatHours: Record<string, string>;
}

/** "www.shop.example:8080" → "shop.example". */
export function mailDomain(domain: string): string {
  return domain
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/[/:].*$/, '')
    .replace(/^www\./, '');
}

export function siteContact(config: Pick<SiteConfig, 'site' | 'content'>): SiteContact {
  const c = config.content.contact ?? {};
  const domain = mailDomain(config.site.domain);
  const at = (role: string) => `${role}@${domain}`;
  return {
    support: c.supportEmail ?? at('support'),
    partnerships: c.partnershipsEmail ?? at('partners'),
    press: c.pressEmail ?? at('press'),
    careers: c.careersEmail ?? at('careers'),
    postalAddress: (c.postalAddress ?? '')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
    formEndpoint: c.formEndpoint ?? null,
    liveChatUrl: c.liveChat?.url ?? null,
    liveChatHours: c.liveChat?.hours ?? {},
  };
}
