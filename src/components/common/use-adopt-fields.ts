/**
 * What a pre-rendered filter form's fields hold when its island takes over (issue 33), for every
 * island that hydrates over fields a shopper can use before it (brands, coupons): text typed while
 * the page started, a category chosen, fields the browser restored on Back.
 *
 * Read in a layout effect right after hydration, from the fields themselves: hydrating never
 * writes a field's value (React keeps what the page shows), and no keystroke can land between the
 * commit and this effect, so nothing typed is lost. The store then holds exactly what the field
 * shows, so the island's next render writes nothing into it: focus and caret stay where they were.
 * `changedControlsBefore` (what the fields held when the island's code had loaded) only fills in a
 * field that is no longer in the form.
 */
import { type RefObject, useLayoutEffect } from 'react';
import { changedControls, changedControlsBefore } from '../../astro/interaction-directive.ts';

/** The fields of `form` whose value differs from the build's, as `changedControls` gives them, read now. */
export function fieldsAtTakeover(form: HTMLFormElement | null): Record<string, string> {
  if (!form) return {};
  const live = changedControls(form);
  const named = new Set(
    [...form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('[name]')].map((e) => e.name),
  );
  const before = Object.entries(changedControlsBefore(form)).filter(([name]) => !named.has(name));
  return { ...Object.fromEntries(before), ...live };
}

/** Calls `adopt` once, right after hydration, with what the form's fields hold (`fieldsAtTakeover`). */
export function useAdoptFields(
  formRef: RefObject<HTMLFormElement | null>,
  adopt: (changed: Readonly<Record<string, string>>) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useLayoutEffect(() => {
    const changed = fieldsAtTakeover(formRef.current);
    if (Object.keys(changed).length > 0) adopt(changed);
  }, []);
}
