/**
 * The only code that touches the Web Storage globals (biome.json, lint/web-storage.grit):
 * localStorage and sessionStorage as objects that never throw, a missing or blocked storage
 * counting as empty. What is written, and when consent allows it, is decided by
 * src/lib/preferences.ts (the consent-aware module); this folder imports nothing, so any
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

/** The browser's sessionStorage (the admin gate's unlock), or undefined when missing or blocked. */
export function sessionStore(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * localStorage for modules that only read a key someone else writes (the API client's
 * `auth_token`, the interaction directive's remembered preferences) or drop a bad one: never throws.
 */
export const localStore: Pick<Storage, 'getItem' | 'removeItem'> = {
  getItem(key) {
    try {
      return localArea()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  removeItem(key) {
    try {
      localArea()?.removeItem(key);
    } catch {
      // read-only or blocked storage
    }
  },
};
