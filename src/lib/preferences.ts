/**
 * The one place that touches localStorage for visitor preferences. Every read is
 * validated by the caller's predicate; a blocked or corrupt storage never throws.
 */
export const PREFERRED_LANGUAGE_KEY = 'preferred_language';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readPreference<T extends string>(key: string, isValid: (v: string) => v is T): T | null {
  try {
    const v = storage()?.getItem(key);
    return v != null && isValid(v) ? v : null;
  } catch {
    return null;
  }
}

export function writePreference(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Storage full or blocked: the preference is simply not remembered.
  }
}

export function removePreference(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // ignore
  }
}
