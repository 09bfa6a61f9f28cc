/** What a built page's markup holds, for the critical CSS (./critical-css.ts): its classes and element names. */

/** Input types whose field has the date pseudo-elements. */
export const DATE_INPUTS = new Set(['date', 'time', 'datetime-local', 'month', 'week']);

/** Every class the page's markup has, and the quoted words of its inline scripts. */
export function pageClasses(html: string): Set<string> {
  const out = new Set<string>();
  for (const m of html.matchAll(/\sclass=(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/gi))
    for (const c of (m[1] ?? m[2] ?? m[3] ?? '').split(/\s+/)) if (c) out.add(decodeEntities(c));
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi))
    for (const w of m[1]!.matchAll(/["'`]([\w-]+)["'`]/g)) out.add(w[1]!);
  return out;
}

/** The element names of the page's markup (lower case), and `input:<kind>` for its date, file and number fields. */
export function pageTags(html: string): Set<string> {
  const out = new Set<string>(['html', 'body']);
  for (const m of html.matchAll(/<([a-zA-Z][\w-]*)/g)) out.add(m[1]!.toLowerCase());
  for (const m of html.matchAll(/<input\b[^>]*?\stype=["']?([\w-]+)/gi)) {
    const type = m[1]!.toLowerCase();
    out.add(`input:${DATE_INPUTS.has(type) ? 'date' : type}`);
  }
  return out;
}

function decodeEntities(s: string): string {
  return s.replace(/&(amp|quot|#39|lt|gt);/g, (_, e: string) =>
    e === 'amp' ? '&' : e === 'quot' ? '"' : e === '#39' ? "'" : e === 'lt' ? '<' : '>',
  );
}
