/**
 * Never-throwing views of Web Storage for modules that only read a key someone else writes, or
 * drop a bad one. Apart from web-storage.ts so the page chrome (which needs only `localArea`)
 * does not carry them on every page.
 */
import { localArea } from './web-storage.ts';

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
