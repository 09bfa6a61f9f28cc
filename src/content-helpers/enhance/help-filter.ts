/**
 * The Help Center's search box and category chips (markup: src/components/content/HelpCenter.astro).
 * Without JavaScript every entry shows as a plain details/summary list; with it, the list
 * filters as the visitor types or picks a chip, and a polite status says how many match.
 */
import { type FaqText, filterFaq } from '../faq-filter.ts';

interface Config {
  lang?: string;
  messages: { count: Record<string, string>; none: string };
}

export function enhance(root: HTMLElement, first: Event | null): void {
  const cfg = JSON.parse(root.querySelector('script[data-config]')?.textContent ?? '{}') as Config;
  const input = root.querySelector<HTMLInputElement>('[data-help-search]');
  const chips = [...root.querySelectorAll<HTMLButtonElement>('[data-chip]')];
  const status = root.querySelector<HTMLElement>('[data-help-status]');
  const empty = root.querySelector<HTMLElement>('[data-help-empty]');
  const items = [...root.querySelectorAll<HTMLDetailsElement>('[data-faq-entry]')];
  const sections = [...root.querySelectorAll<HTMLElement>('[data-faq-section]')];
  const entries: FaqText[] = items.map((d) => ({
    id: d.id,
    category: d.dataset.category ?? '',
    text: d.textContent ?? '',
  }));
  /** Entries the filter opened, closed again when the query is cleared. */
  const opened = new Set<HTMLDetailsElement>();
  let category = chips.find((c) => c.getAttribute('aria-pressed') === 'true')?.dataset.chip ?? '';

  const plural = (n: number) => {
    try {
      return new Intl.PluralRules(cfg.lang || 'en').select(n);
    } catch {
      return n === 1 ? 'one' : 'other';
    }
  };

  const apply = () => {
    const query = input?.value ?? '';
    const visible = new Set(filterFaq(entries, query, category));
    for (const d of items) {
      const show = visible.has(d.id);
      d.hidden = !show;
      if (show && query.trim() && !d.open) {
        d.open = true;
        opened.add(d);
      } else if (!query.trim() && opened.has(d)) {
        d.open = false;
        opened.delete(d);
      }
    }
    for (const s of sections) s.hidden = !s.querySelector('[data-faq-entry]:not([hidden])');
    const n = visible.size;
    if (empty) empty.hidden = n > 0;
    if (status)
      status.textContent =
        n === 0
          ? cfg.messages.none
          : (cfg.messages.count[plural(n)] ?? cfg.messages.count.other ?? '{count}').replace('{count}', String(n));
  };

  const choose = (chip: HTMLButtonElement) => {
    category = chip.dataset.chip ?? '';
    for (const c of chips) c.setAttribute('aria-pressed', String(c === chip));
    apply();
  };

  input?.addEventListener('input', apply);
  root.addEventListener('click', (e) => {
    const chip = (e.target as Element).closest<HTMLButtonElement>('[data-chip]');
    if (chip) choose(chip);
  });
  const firstChip =
    first && first.type === 'click' ? (first.target as Element).closest<HTMLButtonElement>('[data-chip]') : null;
  if (firstChip) choose(firstChip);
  else if (input?.value) apply();
}
