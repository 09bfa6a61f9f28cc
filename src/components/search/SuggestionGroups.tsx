/**
 * The search box's suggestions inside its listbox, each type in a group named by its heading
 * (Categories, Brands, Coupons, Deals: the search page's tab names), so a category is never lost
 * among its brands (issue 33). Options stay unfocusable: focus stays on the combobox, which moves
 * the active option (aria-activedescendant) through every group in the order shown.
 */
import type { TFunction } from 'i18next';
import type { SearchSuggestion, SuggestionType } from '../../catalog/search-schemas.ts';
import type { groupSuggestions } from '../../catalog/suggest.ts';

const TYPE_ICONS: Record<SuggestionType, string> = {
  coupon:
    'M3 11.2V4a1 1 0 0 1 1-1h7.2a1 1 0 0 1 .7.3l8.8 8.8a1 1 0 0 1 0 1.4l-7.2 7.2a1 1 0 0 1-1.4 0L3.3 11.9a1 1 0 0 1-.3-.7zM7.5 8.5h.01',
  deal: 'M13 2L4 14h7l-1 8 9-12h-7z',
  brand: 'M4 21V8l8-5 8 5v13M9 21v-6h6v6',
  category: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
};

const TYPE_TAG_CLASS: Record<SuggestionType, string> = {
  coupon: 'bg-primary/10 text-primary',
  deal: 'bg-accent/10 text-ink',
  brand: 'bg-page text-ink',
  category: 'bg-page text-ink',
};

/** The heading of each suggestion type's group (the same words as the search page's tabs). */
const GROUP_LABEL: Record<SuggestionType, string> = {
  coupon: 'search:box.group.coupon',
  deal: 'search:box.group.deal',
  brand: 'search:box.group.brand',
  category: 'search:box.group.category',
};

type Grouped = ReturnType<typeof groupSuggestions<SearchSuggestion>>;

export function SuggestionGroups(props: {
  groups: Grouped['groups'];
  active: number;
  baseId: string;
  optionId: (index: number) => string;
  t: TFunction;
  onActive: (index: number) => void;
  onChoose: (s: SearchSuggestion) => void;
}) {
  const { t, active } = props;
  return props.groups.map((group) => {
    const headingId = `${props.baseId}-group-${group.type}`;
    return (
      // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (no fieldset there)
      <div key={group.type} role="group" aria-labelledby={headingId} data-suggestion-group={group.type}>
        <div
          id={headingId}
          role="presentation"
          className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-muted"
        >
          {t(GROUP_LABEL[group.type])}
        </div>
        {group.items.map(({ item: s, index: i }) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard is handled on the combobox input (aria-activedescendant)
          // biome-ignore lint/a11y/useFocusableInteractive: options stay unfocusable; focus stays on the combobox (aria-activedescendant)
          <div
            key={`${s.type}-${s.id}`}
            id={props.optionId(i)}
            role="option"
            aria-selected={i === active}
            className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${i === active ? 'bg-primary/10' : 'hover:bg-page'}`}
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => props.onActive(i)}
            onClick={() => props.onChoose(s)}
          >
            <span className="flex h-9 w-9 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-line bg-page text-muted">
              {s.image ? (
                <img src={s.image} alt="" width={36} height={36} loading="lazy" className="h-9 w-9 object-contain" />
              ) : (
                <StrokeIcon d={TYPE_ICONS[s.type]} />
              )}
            </span>
            <span className="min-w-0 flex-1" lang={s.lang}>
              <span className="block truncate text-sm font-semibold text-ink">{s.title}</span>
              {s.subtitle && <span className="block truncate text-xs text-muted">{s.subtitle}</span>}
            </span>
            <span
              className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ${TYPE_TAG_CLASS[s.type]}`}
            >
              <StrokeIcon d={TYPE_ICONS[s.type]} size={12} />
              {t(`search:box.type.${s.type}`)}
            </span>
          </div>
        ))}
      </div>
    );
  });
}

/** An outline icon (decorative), 18 px unless told. */
export function StrokeIcon({ d, size = 18 }: { d: string; size?: number }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={d} />
    </svg>
  );
}
