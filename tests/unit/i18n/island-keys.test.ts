/**
 * Issue 43 point 3: each island is shipped only the keys its components can render. For each
 * island with a declared key list, the `t('ns:key')` calls of its component tree (the entry and
 * every relative module it imports, followed statically) must be exactly the declared list, no
 * call may use a key that cannot be read statically, and the messages `pickMessages` ships in
 * every language must hold exactly those keys (with their plural forms).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OFFERS_CONSOLE_KEYS } from '../../../src/components/admin/console-keys.ts';
import { BRANDS_VIEW_KEYS } from '../../../src/components/brands/keys.ts';
import { CATEGORIES_VIEW_KEYS } from '../../../src/components/categories/keys.ts';
import { UI_LANGUAGES } from '../../../src/config/schema.ts';
import { pickMessages } from '../../../src/i18n/island-keys.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * The island's code: the entry whole, and of every relative module it imports (followed) the
 * top-level declarations it imports by name plus the module's unexported ones, so a shared
 * module's unrelated exports (the coupon discount label next to a logo's initial) do not count.
 */
function tree(entry: string): string[] {
  const wanted = new Map<string, Set<string> | 'all'>();
  const queue: [string, Set<string> | 'all'][] = [[resolve(ROOT, entry), 'all']];
  while (queue.length > 0) {
    const [file, names] = queue.shift() as [string, Set<string> | 'all'];
    const had = wanted.get(file);
    if (had === 'all') continue;
    const merged = names === 'all' ? 'all' : new Set([...(had ?? []), ...names]);
    if (had && merged !== 'all' && merged.size === had.size) continue;
    wanted.set(file, merged);
    for (const m of readFileSync(file, 'utf8').matchAll(/^import\s+(?!type\b)([^;]*?)\s+from\s+'(\.[^']+)'/gms)) {
      const target = resolve(dirname(file), m[2] as string);
      if (!existsSync(target) || !/\.(tsx?|jsx?)$/.test(target)) continue;
      const clause = m[1] as string;
      const named = /^\{([^}]*)\}$/.exec(clause.trim());
      const imported = named
        ? new Set(
            (named[1] as string)
              .split(',')
              .map((n) => n.trim())
              .filter((n) => n && !n.startsWith('type '))
              .map((n) => n.split(/\s+as\s+/)[0] as string),
          )
        : ('all' as const);
      queue.push([target, imported]);
    }
  }
  return [...wanted].map(([file, names]) => {
    const source = readFileSync(file, 'utf8');
    if (names === 'all') return source;
    const chunks = source.split(/^(?=(?:export\s+)?(?:async\s+)?(?:function|const|let|class)\s)/m);
    return chunks
      .filter((chunk) => {
        const head = /^(export\s+)?(?:async\s+)?(?:function|const|let|class)\s+(\w+)/.exec(chunk);
        if (!head?.[1]) return true;
        return names.has(head[2] as string);
      })
      .join('');
  });
}

/** Keys of `t('…')` calls (literal) and the calls whose key is not a literal. */
function usedKeys(sources: string[]): { keys: Set<string>; dynamic: string[] } {
  const keys = new Set<string>();
  const dynamic: string[] = [];
  for (const source of sources) {
    for (const m of source.matchAll(/\bt\(\s*(['"`])([^'"`]*)\1/g)) {
      if (m[1] === '`' && (m[2] as string).includes('${')) dynamic.push(m[0]);
      else keys.add(m[2] as string);
    }
    for (const m of source.matchAll(/\bt\(\s*([A-Za-z_$][\w$.]*)\s*[,)]/g)) dynamic.push(m[0]);
  }
  return { keys, dynamic };
}

const ISLANDS = [
  {
    name: 'BrandsView',
    entry: 'src/components/brands/BrandsView.tsx',
    keys: BRANDS_VIEW_KEYS,
    page: 'src/pages/[...lang]/brands.astro',
    call: 'pickMessages(lang, BRANDS_VIEW_KEYS)',
  },
  {
    name: 'CategoriesView',
    entry: 'src/components/categories/CategoriesView.tsx',
    keys: CATEGORIES_VIEW_KEYS,
    page: 'src/pages/[...lang]/categories.astro',
    call: 'pickMessages(lang, CATEGORIES_VIEW_KEYS)',
  },
  {
    name: 'OffersConsole',
    entry: 'src/components/admin/OffersConsole.tsx',
    keys: OFFERS_CONSOLE_KEYS,
    page: 'src/pages/[...lang]/admin/offers.astro',
    call: 'pickMessages(lang, OFFERS_CONSOLE_KEYS)',
  },
];

describe('island i18n keys', () => {
  for (const island of ISLANDS) {
    it(`${island.name}: the declared keys are exactly the keys its components translate`, () => {
      const { keys, dynamic } = usedKeys(tree(island.entry));
      expect(dynamic).toEqual([]);
      expect([...island.keys].sort()).toEqual([...keys].sort());
    });

    it(`${island.name}: every language ships exactly the declared keys (and their plural forms)`, () => {
      for (const lang of UI_LANGUAGES) {
        const shipped = pickMessages(lang, island.keys);
        const shippedBases = new Set(
          Object.entries(shipped).flatMap(([ns, messages]) =>
            Object.keys(messages).map((k) => `${ns}:${k.replace(PLURAL_SUFFIX, '')}`),
          ),
        );
        expect([...shippedBases].sort(), lang).toEqual([...island.keys].sort());
      }
    });

    it(`${island.name}: its page builds the island's messages from the declared keys`, () => {
      expect(readFileSync(resolve(ROOT, island.page), 'utf8')).toContain(island.call);
    });
  }

  it('pickMessages leaves out the keys of a namespace the island does not render', () => {
    const shipped = pickMessages('de', BRANDS_VIEW_KEYS);
    expect(Object.keys(shipped.common ?? {}).every((k) => k.startsWith('errorBoundary.'))).toBe(true);
    expect(shipped.brands?.['page.total_other']).toBeUndefined();
    expect(shipped.brands?.['card.coupons_other']).toBeTruthy();
  });
});
