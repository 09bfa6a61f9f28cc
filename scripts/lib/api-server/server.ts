/**
 * The reference API server (ARCHITECTURE "reference API"): SPEC §7 over a catalog, on loopback,
 * with CORS, records kept in SQLite (./store.ts; a `dataDir` keeps them across restarts, shown at
 * GET /__state) and fault injection (see faults.ts). Coupon replies carry the code health the
 * store counted (lastWorkedAt, lastFailedAt, votes of the last 30 days; docs/code-health.md).
 *
 * Languages (issue 24, docs/operators.md "API contract: languages"): the server holds a catalog in
 * every language (`LocalizedCatalog`) and answers each request in its language: the `lang`
 * parameter, else the first catalog language of `Accept-Language`, else the default language
 * (`defaultLanguage`, English). Items shown in another language (no translation) carry `"lang"`.
 * GET /api/catalog answers every language at once, texts as per-language objects.
 */

import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { VerdictThresholds } from '../../../src/catalog/health.ts';
import { liveCatalog } from '../../../src/catalog/live-catalog.ts';
import { localizeCatalog } from '../../../src/catalog/localize-catalog.ts';
import type { CatalogLanguage } from '../../../src/catalog/localized.ts';
import { type Markets, marketCatalog } from '../../../src/catalog/markets.ts';
import { createSampleCatalog } from '../../../src/catalog/sample.ts';
import type { LocalizedCatalog } from '../../../src/catalog/schemas.ts';
import type { CatalogSource } from '../../../src/catalog/source.ts';
import { HEALTH_DEFAULTS } from '../../../src/config/schema-health.ts';
import type { LimitsConfig } from '../../../src/config/schema-limits.ts';
import { answerHealthApi } from '../../../src/server/health-api.ts';
import { createWriteGuard, unlimitedGuard } from '../../../src/server/limiter.ts';
import { createMemorySource } from '../../../src/sources/memory.ts';
import { createReferenceAdmin } from './admin.ts';
import { acceptedLanguages, explicitLanguages, requestLanguage, withHealth } from './catalog-views.ts';
import { corruptOneItem, type Fault, FaultError, FaultRegistry, hostileData, parseFaults } from './faults.ts';
import { ALLOWED_HEADERS, MALFORMED_BODY, readBody, sendJson, setCors } from './http.ts';
import { ENVELOPES, type Envelope, envelope, type Reply } from './replies.ts';
import { createRoutes, matchRoute } from './routes.ts';

export { ALLOWED_HEADERS };

import { createState, recordRequest, resetState, type ServerState } from './state.ts';
import { openStore, type Store } from './store.ts';

type MemorySourceOptions = NonNullable<Parameters<typeof createMemorySource>[1]>;

export interface StartApiServerOptions {
  /** 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1 (loopback only). */
  host?: string;
  /** Default: the built-in sample (`createSampleCatalog(now)`). */
  catalog?: LocalizedCatalog;
  /** The language of the catalog's plain-string texts, and of requests that name none. Default "en". */
  defaultLanguage?: CatalogLanguage;
  /** The clock of the memory source (expiry, "expiring soon"). */
  now?: MemorySourceOptions['now'];
  /** The public site config: served at GET /config/<site.id>.config.json (404 otherwise); its `ads` at GET /api/ads/config. */
  siteConfig?: unknown;
  /** Issue 39: the countries each language serves (else the site config's `markets`, if any). */
  markets?: Markets;
  /**
   * The bearer token of GET /api/admin/health (issue 40, `--health-from`); default the
   * environment's EDGE_ADMIN_TOKEN. Without one the export answers 401 to everyone.
   */
  adminToken?: string;
  /** Envelope style when a request names none (see replies.ts). Default `success`. */
  envelope?: Envelope;
  /**
   * The folder of the SQLite database (`<dataDir>/api.sqlite`): feedback, usage, contact,
   * newsletter and ad events survive a restart. Default: kept in memory for this run only.
   */
  dataDir?: string;
  /**
   * The limits per address (the site config's `limits`, src/config/schema-limits.ts; default
   * its defaults), or "off" (end-to-end tests, where every request comes from one address).
   */
  limits?: LimitsConfig | 'off';
  /** The daily write budget (deploy.d1.dailyWrites; default 100,000). */
  dailyWrites?: number;
}

export interface RunningApiServer {
  /** e.g. "http://127.0.0.1:3001" — a client base URL. */
  url: string;
  port: number;
  state: ServerState;
  store: Store;
  faults: FaultRegistry;
  close(): Promise<void>;
}

function statusFaultBody(fault: Extract<Fault, { kind: 'status' }>): unknown {
  const message = `Injected ${fault.status}`;
  if (fault.body === 'bare') return {};
  if (fault.body === 'envelope') return { success: false, error: 'INJECTED', message };
  return { message };
}

function corrupt(
  reply: Exclude<Reply, { kind: 'error' }>,
  how: (data: unknown) => unknown = corruptOneItem,
): Exclude<Reply, { kind: 'error' }> {
  if (reply.kind === 'data') return { kind: 'data', data: how(reply.data) };
  return { ...reply, page: { ...reply.page, items: how(reply.page.items) as unknown[] } };
}

function resolveNow(now: MemorySourceOptions['now']): Date {
  return typeof now === 'function' ? now() : (now ?? new Date());
}

export { acceptedLanguages, explicitLanguages, requestLanguage, withHealth };

/** Recount at least this often (votes leave the 30-day window). */
const HEALTH_TTL_MS = 60_000;

/** The site config's verdict thresholds (issue 40), the defaults without a config. */
function verdictOf(siteConfig: unknown): VerdictThresholds {
  const h = (siteConfig as { health?: Partial<VerdictThresholds> } | undefined)?.health;
  return {
    hideAfter: typeof h?.hideAfter === 'number' ? h.hideAfter : HEALTH_DEFAULTS.hideAfter,
    windowHours: typeof h?.windowHours === 'number' ? h.windowHours : HEALTH_DEFAULTS.windowHours,
  };
}

export async function startApiServer(options: StartApiServerOptions = {}): Promise<RunningApiServer> {
  const { port = 0, host = '127.0.0.1', siteConfig, envelope: defaultEnvelope = 'success' } = options;
  const catalog: LocalizedCatalog = options.catalog ?? createSampleCatalog(resolveNow(options.now));
  const defaultLang: CatalogLanguage = options.defaultLanguage ?? 'en';
  const markets: Markets | undefined =
    options.markets ?? (siteConfig as { markets?: Markets } | undefined)?.markets ?? undefined;
  /** The language of the request being answered (set around each /api request). */
  const requestLang = new AsyncLocalStorage<CatalogLanguage>();
  const sourceOptions = options.now === undefined ? {} : { now: options.now };
  const clock = () => resolveNow(options.now).getTime();
  const store = openStore(options.dataDir);
  const state = createState();
  const stored = store.load();
  Object.assign(state, stored.counts, {
    contactMessages: stored.contactMessages,
    newsletterSubscribers: stored.newsletterSubscribers,
    adEvents: stored.adEvents,
  });

  // The served catalog is rebuilt after an answer (and once a minute), so replies, the popular
  // sort and the featured lists follow the counts; each language's catalog and source are made
  // from it when first asked for, and kept until it is rebuilt.
  type Served = { catalog: LocalizedCatalog; at: number; version: number };
  let served: Served | null = null;
  let version = 0;
  // The console's API and the operator's overrides it stores (issue 40, ./admin.ts).
  const admin = await createReferenceAdmin({
    sql: store.sql,
    now: clock,
    catalog,
    defaultLang,
    onChange: () => version++,
  });
  const perLanguage = new Map<CatalogLanguage, { from: Served; source: CatalogSource }>();
  const current = (): Served => {
    const at = clock();
    if (!served || served.version !== version || Math.abs(at - served.at) > HEALTH_TTL_MS) {
      // Only live offers are served (issue 22): an offer whose end passed or whose status is not
      // a live one leaves every reply (lists, totals, suggestions, search) within a minute.
      served = {
        catalog: liveCatalog(withHealth(admin.apply(catalog, at), store.health(at)), at).catalog,
        at,
        version,
      };
    }
    return served;
  };
  const sourceIn = (lang: CatalogLanguage): CatalogSource => {
    const from = current();
    let entry = perLanguage.get(lang);
    if (entry?.from !== from) {
      // Only the offers valid in the language's market (issue 39, src/catalog/markets.ts).
      const localized = localizeCatalog(marketCatalog(from.catalog, lang, markets), { lang, defaultLang }).catalog;
      entry = { from, source: createMemorySource(localized, sourceOptions) };
      perLanguage.set(lang, entry);
    }
    return entry.source;
  };
  const source = new Proxy({} as CatalogSource, {
    get: (_, key) => sourceIn(requestLang.getStore() ?? defaultLang)[key as keyof CatalogSource],
  });
  const trackedStore: Store = {
    ...store,
    addFeedback: async (...args) => {
      const outcome = await store.addFeedback(...args);
      if (outcome.accepted) version++;
      return outcome;
    },
  };
  const faults = new FaultRegistry();
  const adsConfig =
    siteConfig && typeof siteConfig === 'object' && 'ads' in siteConfig
      ? (siteConfig as { ads: unknown }).ads
      : undefined;
  const guard = createWriteGuard(store.sql, {
    ...(options.limits && options.limits !== 'off' ? { limits: options.limits } : {}),
    ...(options.dailyWrites ? { dailyWrites: options.dailyWrites } : {}),
  });
  const routes = createRoutes({
    source,
    state,
    store: trackedStore,
    guard: options.limits === 'off' ? unlimitedGuard(guard) : guard,
    catalog: () => explicitLanguages(current().catalog, defaultLang),
    now: clock,
    adsConfig,
    verdict: verdictOf(siteConfig),
  });
  const timers = new Set<NodeJS.Timeout>();

  const wait = (ms: number, req: IncomingMessage) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve(!req.socket.destroyed);
      }, ms);
      timers.add(timer);
      req.socket.once('close', () => {
        clearTimeout(timer);
        timers.delete(timer);
        resolve(false);
      });
    });

  async function handleControl(req: IncomingMessage, res: ServerResponse, pathname: string, body: string) {
    const feedback = () => Object.fromEntries([...store.health(clock())].map(([id, h]) => [String(id), h]));
    if (pathname === '/__state' && req.method === 'GET')
      return sendJson(res, 200, { ...state, couponFeedback: feedback() });
    if (pathname === '/__state' && req.method === 'DELETE') {
      store.reset();
      version++;
      resetState(state);
      return sendJson(res, 200, { ...state, couponFeedback: {} });
    }
    if (pathname === '/__faults') {
      if (req.method === 'GET') return sendJson(res, 200, { rules: faults.rules });
      if (req.method === 'DELETE') {
        faults.clear();
        return sendJson(res, 200, { rules: [] });
      }
      if (req.method === 'POST') {
        try {
          const rule = faults.add(JSON.parse(body || '{}'));
          return sendJson(res, 201, { rule });
        } catch (error) {
          return sendJson(res, 400, { message: error instanceof Error ? error.message : 'Invalid fault rule' });
        }
      }
    }
    return sendJson(res, 404, { message: 'Not found' });
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, rawBody: string) {
    const method = req.method ?? 'GET';
    recordRequest(state, {
      method,
      url: url.pathname + url.search,
      authorization: req.headers.authorization ?? null,
      siteId: (req.headers['x-site-id'] as string | undefined) ?? null,
      contentType: req.headers['content-type'] ?? null,
    });

    let active: Fault[];
    try {
      const rule = (req.headers['x-fault'] as string | undefined) ?? url.searchParams.get('__fault');
      active = rule ? parseFaults(rule) : faults.take(method, url.pathname);
    } catch (error) {
      if (error instanceof FaultError) return sendJson(res, 400, { message: error.message });
      throw error;
    }
    for (const fault of active) {
      if (fault.kind === 'delay' && !(await wait(fault.ms, req))) return;
    }
    if (active.some((f) => f.kind === 'drop')) {
      req.socket.destroy();
      return;
    }
    const statusFault = active.find((f) => f.kind === 'status');
    if (statusFault) return sendJson(res, statusFault.status, statusFaultBody(statusFault));
    if (active.some((f) => f.kind === 'malformed')) {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      return res.end(MALFORMED_BODY);
    }
    if (active.some((f) => f.kind === 'wrong-envelope')) {
      return sendJson(res, 200, { code: 500, message: 'Injected wrong envelope' });
    }

    const match = matchRoute(routes, method, url.pathname);
    if (match === undefined) return sendJson(res, 404, { message: 'Not found' });
    if ('allow' in match) {
      const allow = match.allow.join(', ');
      return sendJson(res, 405, { message: `Method ${method} not allowed: use ${allow}` }, { Allow: allow });
    }

    let body: unknown;
    if (rawBody.trim() !== '') {
      try {
        body = JSON.parse(rawBody);
      } catch {
        return sendJson(res, 400, { message: 'Invalid JSON body' });
      }
    }
    const lang = requestLanguage(url.searchParams, req.headers['accept-language'], defaultLang);
    // GET /api/catalog holds every language; any other reply is in `lang`.
    if (!/^\/api\/catalog\/?$/.test(url.pathname)) res.setHeader('Content-Language', lang);
    let reply = await requestLang.run(lang, () =>
      match.handler({
        method,
        params: match.params,
        query: url.searchParams,
        body,
        address: req.socket.remoteAddress ?? 'unknown',
      }),
    );
    if (reply.kind === 'error') return sendJson(res, reply.status, { message: reply.message }, reply.headers);
    if (active.some((f) => f.kind === 'wrong-types')) reply = corrupt(reply);
    if (active.some((f) => f.kind === 'hostile')) reply = corrupt(reply, hostileData);
    const requested = (req.headers['x-envelope'] as string | undefined) ?? url.searchParams.get('__envelope');
    const style: Envelope = (ENVELOPES as readonly string[]).includes(requested ?? '')
      ? (requested as Envelope)
      : defaultEnvelope;
    return sendJson(res, 200, envelope(reply, style));
  }

  const server = createServer(async (req, res) => {
    try {
      setCors(req, res);
      if (req.method === 'OPTIONS') {
        res.writeHead(204);
        return res.end();
      }
      const url = new URL(req.url ?? '/', 'http://localhost');
      const rawBody = await readBody(req);
      if (url.pathname.startsWith('/__')) return await handleControl(req, res, url.pathname, rawBody);
      const configFile = /^\/config\/([a-z0-9-]+)\.config\.json$/.exec(url.pathname);
      if (configFile && req.method === 'GET') {
        const id = (siteConfig as { site?: { id?: unknown } } | undefined)?.site?.id;
        return siteConfig === undefined || id !== configFile[1]
          ? sendJson(res, 404, { message: 'Site config not found' })
          : sendJson(res, 200, siteConfig);
      }
      // Counted code health (issue 40): GET /api/health?ids=… and GET /api/admin/health (bearer token).
      const health = await answerHealthApi(
        new Request(new URL(url.pathname + url.search, 'http://localhost'), {
          method: req.method ?? 'GET',
          headers: req.headers.authorization ? { Authorization: req.headers.authorization } : {},
        }),
        { sql: async () => store.sql, now: clock, adminToken: options.adminToken ?? process.env.EDGE_ADMIN_TOKEN },
      );
      if (health) {
        res.writeHead(health.status, Object.fromEntries(health.headers));
        return res.end(await health.text());
      }
      const adminReply = await admin.answer(req, url, rawBody);
      if (adminReply) {
        res.writeHead(adminReply.status, Object.fromEntries(adminReply.headers));
        return res.end(await adminReply.text());
      }
      if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return await handleApi(req, res, url, rawBody);
      return sendJson(res, 404, { message: 'Not found' });
    } catch (error) {
      console.error('[api-server]', error);
      if (!res.headersSent && !res.destroyed) sendJson(res, 500, { message: 'Internal server error' });
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${hostForUrl}:${address.port}`,
    port: address.port,
    state,
    store,
    faults,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => {
          store.close();
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
