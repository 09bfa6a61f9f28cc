/** Colours from data: checked before they reach a style. */
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** Exactly #RRGGBB: the only form a colour may take before it is written into a style. */
export function isHexColor(v: unknown): v is string {
  return typeof v === 'string' && HEX_COLOR.test(v);
}

/**
 * The one way data reaches a style attribute: the value when it is #RRGGBB, otherwise `fallback`
 * (a constant such as "var(--site-primary)"). Checked at every sink even though the schemas
 * already guarantee it, so a value that slips past validation still cannot inject CSS.
 */
export function cssColor(v: unknown, fallback: string): string {
  return isHexColor(v) ? v : fallback;
}
