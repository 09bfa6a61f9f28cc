import { describe, expect, it } from 'vitest';
import { formats } from '../../../src/components/admin/format.ts';

/** Stored ad metrics are not trusted to be small (issue 23): no "∞", "NaN" or 300-digit numbers. */
/** Intl separates with (narrow) no-break spaces: compared as plain spaces. */
const sp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('admin number formats', () => {
  const HUGE = [1e300, Number.MAX_VALUE, Number.POSITIVE_INFINITY, 2 ** 60];
  const LANGS = ['en', 'es', 'fr', 'de'];

  it('show huge and infinite figures capped, never ∞ or long digit runs, in every language', () => {
    for (const lang of LANGS) {
      const f = formats(lang);
      for (const n of HUGE) {
        for (const key of ['int', 'pct', 'money', 'ms'] as const) {
          const text = f[key](n);
          expect(text, `${lang} ${key}(${n})`).not.toMatch(/∞|NaN|Infinity/);
          expect(text.replace(/\D/g, '').length, `${lang} ${key}(${n}) = ${text}`).toBeLessThanOrEqual(6);
          expect(text.length, `${lang} ${key}(${n}) = ${text}`).toBeLessThanOrEqual(16);
        }
      }
    }
  });

  it('caps with a visible "more than" and keeps negatives apart', () => {
    const f = formats('en');
    expect(f.int(1e300)).toBe('> 1000T');
    expect(f.int(Number.NEGATIVE_INFINITY)).toBe('< -1000T');
    expect(f.money(1e300)).toBe('> $1000T');
    expect(f.pct(1e9)).toBe('> 10,000%');
    expect(sp(formats('de').int(1e300))).toBe('> 1000 Bio.');
  });

  it('show a million and more in compact notation, in the page language', () => {
    expect(formats('en').int(1_234_567)).toBe('1.2M');
    expect(sp(formats('de').int(1_234_567))).toBe('1,2 Mio.');
    expect(formats('en').money(25_000_000)).toBe('$25M');
  });

  it('keep ordinary figures exact', () => {
    const f = formats('en');
    expect(f.int(999_999)).toBe('999,999');
    expect(f.pct(0.0123)).toBe('1.23%');
    expect(f.money(12.3456)).toBe('$12.3456');
    expect(f.money(3.3)).toBe('$3.30');
    expect(sp(f.ms(350))).toBe('350 ms');
  });

  it('show a dash for values that are not numbers', () => {
    const f = formats('en');
    expect(f.int(Number.NaN)).toBe('—');
    expect(f.pct(Number.NaN)).toBe('—');
    expect(f.money(Number.NaN)).toBe('—');
    expect(f.time(Number.NaN)).toBe('—');
  });
});
