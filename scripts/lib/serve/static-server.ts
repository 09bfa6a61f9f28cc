/**
 * A small static file server for a built site: clean URLs (/coupons → coupons.html),
 * Brotli (or gzip, for a client without it) for text, as Cloudflare and Netlify send it, long
 * caching for hashed assets, and the 404 page in the visitor's
 * language (/es/… → es/404.html) with status 404. With `headers: true` it applies the build's
 * `_headers` file the way Netlify and Cloudflare Pages do (CSP, security headers, caching), and
 * like them never serves that file.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompress, brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';
import { type HeaderRule, headersFor, parseHeadersFile } from '../deploy/headers.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.xml', '.webmanifest']);

/** Files up to this size are compressed once at Brotli's best quality and kept in memory. */
const BEST_BROTLI_MAX_BYTES = 512 * 1024;
const brotliCache = new Map<string, { version: string; body: Promise<Buffer> }>();

/**
 * The negotiated encoding: Brotli when the client accepts it, else gzip, else none (a q=0 entry
 * refuses an encoding).
 */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    String(acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !q || !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** Brotli of a small file (up to BEST_BROTLI_MAX_BYTES): quality 11, text mode, compressed once per version. */
const BEST_BROTLI = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT };
/** Brotli of a larger file, streamed: quality 5. */
const STREAMED_BROTLI = { [constants.BROTLI_PARAM_QUALITY]: 5 };

/**
 * The body this server sends for `body` under `encoding`, with the same settings as a response
 * (gzip: zlib's default level, as createGzip streams it; Brotli: BEST_BROTLI up to
 * BEST_BROTLI_MAX_BYTES, else STREAMED_BROTLI). The weight gate
 * sizes the scripts the browser fetched under both encodings with it.
 */
export function encodedBody(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'gzip'
    ? gzipSync(body)
    : brotliCompressSync(body, {
        params: body.length <= BEST_BROTLI_MAX_BYTES ? BEST_BROTLI : STREAMED_BROTLI,
      });
}

/** A small file's Brotli body at quality 11, computed once per file version (off the event loop). */
function bestBrotli(file: string, version: string): Promise<Buffer> {
  const hit = brotliCache.get(file);
  if (hit?.version === version) return hit.body;
  const body = new Promise<Buffer>((resolveBody, reject) => {
    brotliCompress(readFileSync(file), { params: BEST_BROTLI }, (error, out) =>
      error ? reject(error) : resolveBody(out),
    );
  });
  brotliCache.set(file, { version, body });
  body.catch(() => brotliCache.delete(file));
  return body;
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** Maps a URL path to a file inside root, or null. */
export function resolveFile(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const base = resolve(root);
  const target = normalize(join(base, decoded));
  if (target !== base && !target.startsWith(base + sep)) return null;
  const candidates = [target, `${target.replace(/\/$/, '')}.html`, join(target, 'index.html')];
  for (const c of candidates) if (isFile(c)) return c;
  return null;
}

export function notFoundFile(root: string, urlPath: string): string | null {
  const m = /^\/([a-z]{2})(?:\/|$)/.exec(urlPath);
  if (m) {
    const localized = join(root, m[1]!, '404.html');
    if (existsSync(localized)) return localized;
  }
  const fallback = join(root, '404.html');
  return existsSync(fallback) ? fallback : null;
}

export interface StaticServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

export function startStaticServer(opts: {
  dir: string;
  port?: number;
  host?: string;
  /** Apply `<dir>/_headers` (written by npm run build). */
  headers?: boolean;
}): Promise<StaticServer> {
  const root = resolve(opts.dir);
  let rules: HeaderRule[] = [];
  if (opts.headers) {
    const file = join(root, '_headers');
    if (!existsSync(file))
      return Promise.reject(new Error(`No _headers in ${root}; build the site with npm run build`));
    rules = parseHeadersFile(readFileSync(file, 'utf8'));
  }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    let file = url.pathname === '/_headers' ? null : resolveFile(root, url.pathname);
    let status = 200;
    if (!file) {
      status = 404;
      file = notFoundFile(root, url.pathname);
      if (!file) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
    }
    const ext = extname(file);
    const headers: Record<string, string> = {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': url.pathname.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...headersFor(rules, url.pathname),
    };
    const encoding = COMPRESSIBLE.has(ext) ? pickEncoding(req.headers['accept-encoding']) : null;
    const stat = statSync(file);
    if (encoding) {
      headers['Content-Encoding'] = encoding;
      headers.Vary = 'Accept-Encoding';
    } else {
      headers['Content-Length'] = String(stat.size);
    }
    if (encoding === 'br' && stat.size <= BEST_BROTLI_MAX_BYTES) {
      const served = file;
      bestBrotli(served, `${stat.mtimeMs}:${stat.size}`).then(
        (body) => {
          headers['Content-Length'] = String(body.length);
          res.writeHead(status, headers);
          res.end(req.method === 'HEAD' ? undefined : body);
        },
        () => res.destroy(),
      );
      return;
    }
    res.writeHead(status, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = createReadStream(file);
    stream.on('error', () => res.destroy());
    if (encoding === 'gzip') stream.pipe(createGzip()).pipe(res);
    else if (encoding === 'br') stream.pipe(createBrotliCompress({ params: STREAMED_BROTLI })).pipe(res);
    else stream.pipe(res);
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => {
      const addr = server.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      resolvePromise({
        server,
        url: `http://${opts.host ?? '127.0.0.1'}:${port}`,
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}
