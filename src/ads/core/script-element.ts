export interface ScriptOptions {
  crossOrigin?: string;
  attributes?: Record<string, string>;
}

/**
 * The ad loader's script tag (src/ads/core/loader.ts), the one place a script element is created
 * (biome.json allows `createElement('script')` only here): an async tag for `src`, for the caller
 * to append. The ad loader and analytics (src/analytics/analytics.ts) both load through it; its own
 * module so analytics does not pull in the rest of the loader.
 */
export function createScriptElement(doc: Document, src: string, options: ScriptOptions = {}): HTMLScriptElement {
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  if (options.crossOrigin) script.crossOrigin = options.crossOrigin;
  for (const [k, v] of Object.entries(options.attributes ?? {})) script.setAttribute(k, v);
  return script;
}
