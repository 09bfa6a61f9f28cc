/**
 * What `npm run build` shows of astro's own output. Astro prints one line per generated page and
 * per optimized image (about 2,100 lines for the default site); by default those lines are left
 * out and counted, and one summary line takes their place where astro reports the step done.
 * `npm run build -- --verbose` shows every line.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes
const ANSI = /\u001b\[[0-9;]*m/g;
/** "12:00:01   ├─ /de/coupons/index.html (+3ms)", "└─ …", "▶ /_astro/x.avif (reused cache entry) (+2ms) (1/64)". */
const PAGE_LINE = /^(?:\d\d:\d\d:\d\d)?\s+(?:[├└]─|▶ \/_astro\/)/;
/** "▶ src/pages/[...lang]/index.astro": the route heading above its pages. */
const ROUTE_LINE = /^(?:\d\d:\d\d:\d\d)?\s*▶ src\//;
const STEP_DONE = /✓ Completed in /;

export interface BuildOutputFilter {
  /** A chunk of astro's output → what to print now (complete lines only). */
  push(chunk: string): string;
  /** What is left at the end. */
  end(): string;
  /** How many page and image lines were left out. */
  readonly hidden: number;
}

export function createBuildOutputFilter(): BuildOutputFilter {
  let pending = '';
  let hidden = 0;
  let hiddenInStep = 0;
  const keep = (line: string): string | null => {
    const plain = line.replace(ANSI, '');
    if (PAGE_LINE.test(plain) || ROUTE_LINE.test(plain)) {
      hidden++;
      hiddenInStep++;
      return null;
    }
    if (STEP_DONE.test(plain) && hiddenInStep > 0) {
      const note = `${line}  (${hiddenInStep} file${hiddenInStep === 1 ? '' : 's'}; list them with --verbose)`;
      hiddenInStep = 0;
      return note;
    }
    return line;
  };
  const lines = (text: string) =>
    text
      .split('\n')
      .map(keep)
      .filter((l): l is string => l !== null)
      .map((l) => `${l}\n`)
      .join('');
  return {
    push(chunk) {
      const text = pending + chunk;
      const cut = text.lastIndexOf('\n');
      if (cut < 0) {
        pending = text;
        return '';
      }
      pending = text.slice(cut + 1);
      return lines(text.slice(0, cut));
    },
    end() {
      const rest = pending;
      pending = '';
      return rest ? lines(rest) : '';
    },
    get hidden() {
      return hidden;
    },
  };
}
