/**
 * A built edge site's Worker loaded in Node (issue 42's CPU benchmark): the same bundle workerd
 * runs (dist/<site>/server/entry.mjs), with `cloudflare:workers` answered by a small stand-in —
 * `env.ASSETS` reads the build's client folder, `env.DB` is an in-memory node:sqlite database
 * behind D1's calls (the console's overrides are read from it, issue 40) — and no edge cache
 * (every request renders, as a cache miss does). Node measures a request's CPU time (process.cpuUsage) where workerd
 * through `wrangler dev` does not report it. Brand pages and /data answers only: the API needs D1.
 */
import { readFile } from 'node:fs/promises';
import { registerHooks } from 'node:module';
import { extname, join, normalize } from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { pathToFileURL } from 'node:url';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

export interface NodeWorker {
  fetch(url: string): Promise<Response>;
}

let hooked = false;

/**
 * Node's own process.cpuUsage, taken before the Worker loads: the bundle's runtime shims
 * (unenv) replace `globalThis.process` with one that has none.
 */
const nodeCpuUsage = process.cpuUsage.bind(process);

/** CPU time (user + system, ms) of this process since `since` (a value of `cpuNow()`). */
export const cpuNow = () => nodeCpuUsage();
export const cpuMsSince = (since: NodeJS.CpuUsage) => {
  const d = nodeCpuUsage(since);
  return (d.user + d.system) / 1000;
};

/** The part of D1's binding the Worker calls (src/server/d1.ts), over node:sqlite in memory. */
function memoryD1() {
  const db = new DatabaseSync(':memory:');
  const statement = (sql: string, params: SQLInputValue[] = []) => ({
    bind: (...values: SQLInputValue[]) => statement(sql, values),
    run: async () => ({ meta: { changes: Number(db.prepare(sql).run(...params).changes) } }),
    all: async () => ({ results: db.prepare(sql).all(...params) }),
    exec: () => (/^\s*select/i.test(sql) ? db.prepare(sql).all(...params) : db.prepare(sql).run(...params)),
  });
  return {
    prepare: (sql: string) => statement(sql),
    batch: async (list: ReturnType<typeof statement>[]) => list.map((s) => s.exec()),
  };
}

export async function loadWorkerInNode(
  serverDir: string,
  clientDir: string,
  vars: Record<string, string> = {},
): Promise<NodeWorker> {
  const env: Record<string, unknown> = {
    ...vars,
    DB: memoryD1(),
    ASSETS: {
      async fetch(input: Request | URL | string): Promise<Response> {
        const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
        const path = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
        for (const candidate of [path, `${path}.html`, join(path, 'index.html')]) {
          try {
            const body = await readFile(join(clientDir, candidate));
            return new Response(body, {
              headers: { 'Content-Type': TYPES[extname(candidate)] ?? 'application/octet-stream' },
            });
          } catch {
            // next candidate
          }
        }
        return new Response('Not found', { status: 404 });
      },
    },
  };
  (globalThis as { __nodeWorkerEnv?: unknown }).__nodeWorkerEnv = env;
  // No edge cache in Node: every request is a miss (src/edge/edge-cache.ts).
  (globalThis as { caches?: unknown }).caches = {
    default: { match: async () => undefined, put: async () => {}, delete: async () => false },
  };
  if (!hooked) {
    hooked = true;
    registerHooks({
      resolve(specifier, context, next) {
        if (specifier === 'cloudflare:workers')
          return {
            url: `data:text/javascript,${encodeURIComponent('export const env = globalThis.__nodeWorkerEnv;')}`,
            shortCircuit: true,
          };
        return next(specifier, context);
      },
    });
  }
  const mod = (await import(pathToFileURL(join(serverDir, 'entry.mjs')).href)) as {
    default: { fetch(req: Request, env: unknown, ctx: unknown): Promise<Response> };
  };
  const ctx = { waitUntil() {}, passThroughOnException() {} };
  return { fetch: (url) => mod.default.fetch(new Request(url), env, ctx) };
}
