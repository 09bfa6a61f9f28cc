/** The {tokens} content Markdown may use, from the site config (see render.ts fillTokens). */
import { siteContact } from '../config/contact.ts';
import type { SiteConfig } from '../config/schema.ts';
import type { Tokens } from './render.ts';

export function siteTokens(config: Pick<SiteConfig, 'site' | 'content'>): Tokens {
  const contact = siteContact(config);
  return {
    siteName: config.site.name,
    domain: config.site.domain,
    siteUrl: `https://${config.site.domain}`,
    supportEmail: contact.support,
    partnershipsEmail: contact.partnerships,
    pressEmail: contact.press,
    careersEmail: contact.careers,
  };
}
