/**
 * Issue 13 "One data path for islands", as checks on the import graph (in the spirit of
 * Starlight's import-boundary tests):
 * - a component's browser code (islands, <script>s) imports no value from src/api, src/sources or
 *   src/ads/core (types are fine): islands reach data, tracking and the ad layer through
 *   src/stores only (an .astro frontmatter runs at build time and may read them);
 * - no component file fetches or posts;
 * - src/catalog, src/sources and src/api have no import circle of values (schemas.ts ↔ query.ts
 *   was one; a type-only import is erased and runs nothing);
 * - issue 21: the data folders (catalog, api, config, i18n, sources) are in no import circle
 *   between folders, types included (api ↔ catalog was one);
 * - what a static-data page's islands load has no zod and no catalog schemas; the only ways to
 *   them are the API-mode modules that sources/browser.ts and tracking.ts load on demand.
 */
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeOf, importsOf, reachable, rel, SRC, sourceFiles } from './imports.ts';

const COMPONENTS = sourceFiles(join(SRC, 'components'));
const FORBIDDEN = ['api', 'sources', 'ads/core'].map((d) => `${join(SRC, d)}/`);

describe('src/components', () => {
  it.each(COMPONENTS.map(rel))(
    '%s: browser code imports no value from src/api, src/sources or src/ads/core',
    (file) => {
      const bad = importsOf(join(SRC, '..', file), { clientOnly: true }).filter(
        (i) => i.value && i.file !== null && FORBIDDEN.some((d) => i.file!.startsWith(d)),
      );
      expect(bad.map((i) => i.spec)).toEqual([]);
    },
  );

  it('no component fetches, posts or sends a beacon', () => {
    const calls = COMPONENTS.flatMap((f) =>
      [...codeOf(f).matchAll(/\b(fetch|sendBeacon|XMLHttpRequest)\s*\(/g)].map((m) => `${rel(f)}: ${m[0]}`),
    );
    expect(calls).toEqual([]);
  });
});

describe.each(['catalog', 'sources', 'api'])('src/%s', (folder) => {
  it('has no import circle (value imports: what runs when a module loads)', () => {
    const files = sourceFiles(join(SRC, folder));
    const edges = new Map(
      files.map((f) => [f, importsOf(f).flatMap((i) => (i.value && i.file && files.includes(i.file) ? [i.file] : []))]),
    );
    const cycles: string[] = [];
    const walk = (f: string, path: string[]) => {
      for (const next of edges.get(f) ?? []) {
        if (path.includes(next)) cycles.push([...path.slice(path.indexOf(next)), next].map(rel).join(' → '));
        else if (path.length < files.length) walk(next, [...path, next]);
      }
    };
    for (const f of files) walk(f, [f]);
    expect(cycles).toEqual([]);
  });
});

describe('folders', () => {
  /** The folder of a file under src/ ("." for src itself), and the folders each folder imports (types too). */
  const folderOf = (file: string) => relative(SRC, file).split('/').slice(0, -1)[0] ?? '.';
  const graph = new Map<string, Set<string>>();
  for (const f of sourceFiles(SRC)) {
    for (const i of importsOf(f)) {
      if (!i.file?.startsWith(`${SRC}/`) || folderOf(i.file) === folderOf(f)) continue;
      graph.set(folderOf(f), (graph.get(folderOf(f)) ?? new Set()).add(folderOf(i.file)));
    }
  }
  /** Every folder a folder reaches through imports. */
  const reach = (from: string) => {
    const seen = new Set<string>();
    const queue = [...(graph.get(from) ?? [])];
    while (queue.length) {
      const f = queue.shift()!;
      if (seen.has(f)) continue;
      seen.add(f);
      queue.push(...(graph.get(f) ?? []));
    }
    return seen;
  };

  it.each(['catalog', 'api', 'config', 'i18n', 'sources'])(
    'src/%s is in no import circle between folders',
    (folder) => {
      const back = [...(graph.get(folder) ?? [])].filter((next) => reach(next).has(folder));
      expect(back.map((next) => `${folder} → ${next} → … → ${folder}`)).toEqual([]);
    },
  );

  it('the check sees a circle where there is one (components ↔ layouts)', () => {
    expect(reach('components').has('components')).toBe(true);
  });

  it('src/catalog and src/api import no other folder of src/ (config, i18n and sources build on them)', () => {
    expect([...(graph.get('catalog') ?? [])]).toEqual([]);
    expect([...(graph.get('api') ?? [])]).toEqual([]);
  });
});

describe('client code of static-data pages', () => {
  /** Loaded only in API mode: sources/browser.ts picks the HTTP source, tracking.ts the recorder. */
  const API_MODE_ONLY = ['sources/http/source.ts', 'stores/recorder.ts'].map((f) => join(SRC, f));
  const islands = COMPONENTS.filter((f) => f.endsWith('.tsx') && !f.includes('/admin/'));
  const entries = [...islands, join(SRC, 'lib/page-chrome.ts')];

  function clientGraph(from: string[]) {
    const graph = reachable(from, { dynamic: true, skip: API_MODE_ONLY });
    return { zod: graph.get('zod'), schemas: graph.get(join(SRC, 'catalog/schemas.ts')) };
  }

  it('reach no zod and no catalog schemas (islands, page chrome, their on-demand chunks)', () => {
    const found = clientGraph(entries);
    expect(found.zod?.join(' → ')).toBeUndefined();
    expect(found.schemas?.join(' → ')).toBeUndefined();
  });

  it('the API-mode modules are loaded on demand only, so a static page never fetches them', () => {
    const staticOnly = reachable(entries, { dynamic: false });
    for (const f of API_MODE_ONLY) expect(staticOnly.has(f), rel(f)).toBe(false);
    // …and they are what would bring zod in (the check above would see it).
    expect(reachable(entries, { dynamic: true }).get('zod')).toBeDefined();
  });

  it('the reader sees zod where it is (the admin dashboard validates server figures)', () => {
    expect(clientGraph([join(SRC, 'components/admin/ServerFigures.tsx')]).zod).toBeDefined();
  });
});

describe('issue 21: the API wire schemas', () => {
  it('are imported in src/ only inside src/sources/http (the HTTP source, its reply resolution and the build pull)', () => {
    const wire = [join(SRC, 'sources/http/wire.ts'), join(SRC, 'sources/http/wire-values.ts')];
    const users = sourceFiles(SRC)
      .filter((f) => importsOf(f).some((i) => i.file !== null && wire.includes(i.file)))
      .map(rel);
    expect(users.length).toBeGreaterThan(0);
    expect(users.filter((f) => !f.startsWith('src/sources/http/'))).toEqual([]);
  });
});
