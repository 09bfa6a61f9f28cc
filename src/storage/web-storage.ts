/**
 * With src/storage/stores.ts, the only code that touches the Web Storage globals (biome.json, lint/web-storage.grit):
 * localStorage and sessionStorage as objects that never throw, a missing or blocked storage
 * counting as empty. What is written, and when consent allows it, is decided by
 * src/preferences/preferences.ts (the consent-aware module); this folder imports nothing, so any
 * layer (src/sources too) may use it without an import circle.
 */

/** The browser's localStorage, or null when missing or blocked (privacy modes). */
export function localArea(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
