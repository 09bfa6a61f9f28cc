/**
 * One import: every source parsed (parsers/), each offer judged (rules.ts), the kept ones merged
 * (merge.ts) into a catalog file, with a summary per source — read, kept, left out by reason —
 * and one line per offer left out. A source that cannot be read throws its FeedError: the import
 * as a whole fails (the caller keeps the last good catalog). Pure except for the parsers' streams.
 */
import type { CatalogLanguage } from '../catalog/localized.ts';
import type { LocalizedCatalog } from '../catalog/schemas.ts';
import { languageOfText } from './language.ts';
import { EMPTY_MAPPING, type ImportMapping } from './mapping.ts';
import { mergeOffers } from './merge.ts';
import { type FeedText, type Network, type NetworkFormat, networkOf } from './offer.ts';
import { PARSERS } from './parsers/index.ts';
import { type CleanOffer, type DropReason, judge, nameOf, type RuleOptions } from './rules.ts';

export type ImportSource = {
  format: NetworkFormat;
  /** The file or URL, as messages name it. */
  label: string;
  /** The feed's text; several pages of an API are several texts (each may name its own URL). */
  pages: AsyncIterable<FeedPage> | Iterable<FeedPage>;
};

/** One page of a feed: its text, or its text and the URL that messages name. */
export type FeedPage = FeedText | { text: FeedText; label: string };
const isLabelled = (p: FeedPage): p is { text: FeedText; label: string } =>
  typeof p === 'object' && p !== null && 'label' in p && 'text' in p;

export type SourceSummary = {
  format: NetworkFormat;
  label: string;
  read: number;
  kept: number;
  left: Partial<Record<DropReason, number>>;
};

export type ImportOptions = Partial<Omit<RuleOptions, 'now'>> & {
  now: Date;
  mapping?: ImportMapping;
  prefer?: readonly Network[];
  previous?: LocalizedCatalog | null;
  currency?: string;
  /** The site's default language: assumed when a text's language is not recognised (default "en"). */
  defaultLanguage?: CatalogLanguage;
};

export type ImportResult = {
  catalog: LocalizedCatalog;
  summaries: SourceSummary[];
  /** One line per offer left out, e.g. `awin 783245 "…" of Acme (data[3]): over before the build`. */
  dropped: string[];
  /**
   * Lines for offers whose language was assumed, e.g. `awin 7 "20% off" of Acme (data[3]): …`:
   * the first NOTES_KEPT of them; `assumed` counts them all.
   */
  notes: string[];
  assumed: number;
};

/** "awin feeds/awin.json: read 10, kept 6, left out 4 (ended 1, exclusive 2, bad-link 1)". */
export function formatSummary(s: SourceSummary): string {
  const reasons = Object.entries(s.left).map(([k, n]) => `${k} ${n}`);
  const out = s.read - s.kept;
  return `${s.format} ${s.label}: read ${s.read}, kept ${s.kept}, left out ${out}${reasons.length ? ` (${reasons.join(', ')})` : ''}`;
}

/** How many "language assumed" lines an import keeps (the log shows 40; the count is exact). */
export const NOTES_KEPT = 100;

export async function importFeeds(sources: readonly ImportSource[], options: ImportOptions): Promise<ImportResult> {
  const rules: RuleOptions = {
    now: options.now,
    windowHours: options.windowHours ?? 24,
    ownCodes: options.ownCodes ?? [],
    exclusive: options.exclusive ?? 'keep',
  };
  const defaultLanguage = options.defaultLanguage ?? 'en';
  const notes: string[] = [];
  let assumed = 0;
  const summaries: SourceSummary[] = [];
  const dropped: string[] = [];
  const kept: { offer: CleanOffer; source: string; lang: CatalogLanguage }[] = [];
  for (const source of sources) {
    const summary: SourceSummary = { format: source.format, label: source.label, read: 0, kept: 0, left: {} };
    summaries.push(summary);
    const parse = PARSERS[source.format];
    for await (const page of source.pages) {
      const [text, label] = isLabelled(page) ? [page.text, page.label] : [page, source.label];
      for await (const offer of parse(text, label)) {
        summary.read++;
        const verdict = judge(offer, rules);
        if (verdict.keep) {
          const o = verdict.offer;
          const language = languageOfText(o.language, `${o.title} ${o.description}`, defaultLanguage);
          if (language.note && ++assumed <= NOTES_KEPT)
            notes.push(`${nameOf(o)}: ${language.note}; stored as the default language "${defaultLanguage}"`);
          kept.push({ offer: o, source: source.label, lang: language.lang });
          summary.kept++;
        } else {
          summary.left[verdict.reason] = (summary.left[verdict.reason] ?? 0) + 1;
          dropped.push(verdict.line);
        }
      }
    }
  }
  const order = [...new Set(sources.map((s) => networkOf(s.format)))];
  const { catalog, duplicates } = mergeOffers(kept, {
    now: options.now,
    mapping: options.mapping ?? EMPTY_MAPPING,
    prefer: options.prefer ?? order,
    previous: options.previous ?? null,
    currency: options.currency ?? 'USD',
    defaultLanguage,
  });
  for (const d of duplicates) {
    const s = summaries.find((x) => x.label === d.source)!;
    s.kept--;
    s.left.duplicate = (s.left.duplicate ?? 0) + 1;
    dropped.push(d.line);
  }
  return { catalog, summaries, dropped, notes, assumed };
}
