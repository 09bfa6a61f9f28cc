/**
 * Build-time helper for .astro pages: the messages an island of this feature needs, with only
 * the error-boundary texts of the big "common" namespace (keeps island props small).
 */
import { getResources, type Messages } from '../../i18n/index.ts';

export function islandMessages(lang: string, namespaces: string[]): Record<string, Messages> {
  const out = getResources(
    lang,
    namespaces.filter((n) => n !== 'common'),
  );
  const common = getResources(lang, ['common']).common ?? {};
  out.common = Object.fromEntries(Object.entries(common).filter(([k]) => k.startsWith('errorBoundary.')));
  return out;
}
