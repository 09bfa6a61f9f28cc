import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_SESSION_KEY,
  checkPassword,
  isUnlocked,
  lock,
  rememberUnlock,
  sha256Hex,
} from '../../../src/admin/admin-gate.ts';

// Known vector: SHA-256("abc").
const ABC = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';

function memorySession() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

describe('admin password gate', () => {
  it('hashes with Web Crypto (known vector, same as node:crypto)', async () => {
    expect(await sha256Hex('abc')).toBe(ABC);
    expect(await sha256Hex('pässwörd')).toBe(createHash('sha256').update('pässwörd', 'utf8').digest('hex'));
  });

  it('accepts the right password, refuses a wrong one, an empty one and a missing or malformed hash', async () => {
    expect(await checkPassword('abc', ABC)).toBe(true);
    expect(await checkPassword('abc', ABC.toUpperCase())).toBe(true);
    expect(await checkPassword('abd', ABC)).toBe(false);
    expect(await checkPassword('', ABC)).toBe(false);
    expect(await checkPassword('abc', undefined)).toBe(false);
    expect(await checkPassword('abc', 'abc')).toBe(false);
    expect(await checkPassword('abc', ABC.slice(1))).toBe(false);
  });

  it('the session remembers the hash that unlocked it; a changed hash or lock() locks again', () => {
    const s = memorySession();
    expect(isUnlocked(s, ABC)).toBe(false);
    rememberUnlock(s, ABC);
    expect(s.getItem(ADMIN_SESSION_KEY)).toBe(ABC);
    expect(isUnlocked(s, ABC)).toBe(true);
    expect(isUnlocked(s, '0'.repeat(64))).toBe(false);
    expect(isUnlocked(s, undefined)).toBe(false);
    lock(s);
    expect(isUnlocked(s, ABC)).toBe(false);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {},
    };
    expect(isUnlocked(broken, ABC)).toBe(false);
    expect(() => rememberUnlock(broken, ABC)).not.toThrow();
  });
});
