/**
 * What a section refreshed from the live API shows (API mode: home, brands, categories). The
 * build rendered it already; the live answer replaces that. When the live fetch fails, the
 * build's content stays with a small notice; the full error view only when there is nothing
 * to show (no build content, or an empty one).
 */
export type Shown<T> = {
  /** What to render: the live data, else the build's (null: nothing yet, e.g. skeletons). */
  data: T | null;
  /** Show the "could not load the latest" notice (the build's content is on screen). */
  notice: boolean;
  /** Show the full error view instead of the content. */
  errorView: boolean;
};

const nonEmpty = (value: unknown) => !Array.isArray(value) || value.length > 0;

export function whatToShow<T>(options: {
  /** The live API's answer, once there is one. */
  live: T | null | undefined;
  /** What the build rendered, if it applies (null when it does not, e.g. other filters). */
  built: T | null | undefined;
  /** The live fetch failed (and has not succeeded since). */
  failed: boolean;
  /** Whether the build's content is worth showing (default: not an empty list). */
  hasContent?: (value: T) => boolean;
}): Shown<T> {
  const { live, built, failed, hasContent = nonEmpty } = options;
  if (live !== null && live !== undefined) return { data: live, notice: false, errorView: false };
  const fallback = built ?? null;
  if (!failed) return { data: fallback, notice: false, errorView: false };
  if (fallback !== null && hasContent(fallback)) return { data: fallback, notice: true, errorView: false };
  return { data: null, notice: false, errorView: true };
}
