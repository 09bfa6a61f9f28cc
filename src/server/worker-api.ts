/**
 * The API of an edge site's Worker (issue 32): the shared handlers (./handlers.ts) over a
 * `Request`, answered as the reference API answers (`{success, data}`, errors `{message}` with
 * their status). Web-standard `Request`/`Response` only, so it runs in workerd and in Node.
 * The caller's address is Cloudflare's `CF-Connecting-IP`.
 */
import { createHandlers, HANDLER_ROUTES, type HandlerDeps } from './handlers.ts';
import { envelope } from './replies.ts';

/** Larger bodies are refused (413) before they are read as JSON. */
export const MAX_BODY_BYTES = 16 * 1024;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });

/** The methods a path answers (for 405's `Allow`), or [] for an unknown path. */
export function allowedMethods(pathname: string): string[] {
  return [...new Set(HANDLER_ROUTES.filter((r) => r.pattern.test(pathname)).map((r) => r.method))];
}

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

/**
 * A write a form of another site could make (CSRF): a form-like body, or no body type at all,
 * from another origin. What Astro's `security.checkOrigin` refuses, kept for /api, where the
 * Worker answers first so an unsupported method gets 405 rather than Astro's 403.
 */
export function crossSiteFormWrite(request: Request): boolean {
  if (request.method !== 'POST') return false;
  if (request.headers.get('Origin') === new URL(request.url).origin) return false;
  const type = request.headers.get('Content-Type');
  if (type === null) return request.headers.has('Origin');
  return FORM_TYPES.some((form) => type.toLowerCase().includes(form));
}

/** The reply to an /api request, or null for any other path (the site answers it). */
export async function answerApi(request: Request, deps: HandlerDeps): Promise<Response | null> {
  const url = new URL(request.url);
  if (url.pathname !== '/api' && !url.pathname.startsWith('/api/')) return null;
  const handlers = createHandlers(deps);
  const samePath = HANDLER_ROUTES.filter((r) => r.pattern.test(url.pathname));
  const route = samePath.find((r) => r.method === request.method);
  if (!route) {
    if (!samePath.length) return json(404, { message: 'Not found' });
    const allow = allowedMethods(url.pathname);
    return json(
      405,
      { message: `Method ${request.method} not allowed: use ${allow.join(', ')}` },
      { Allow: allow.join(', ') },
    );
  }
  if (crossSiteFormWrite(request)) return json(403, { message: 'Cross-site form submissions are forbidden' });
  const params = route.pattern.exec(url.pathname)?.slice(1) ?? [];
  let body: unknown;
  if (request.method === 'POST') {
    const text = await request.text();
    if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) return json(413, { message: 'Body too large' });
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        return json(400, { message: 'Invalid JSON body' });
      }
    }
  }
  const address = request.headers.get('CF-Connecting-IP') ?? 'unknown';
  const reply = await handlers[route.name]({ params, body, address });
  if (reply.kind === 'error') return json(reply.status, { message: reply.message }, reply.headers);
  return json(200, envelope(reply, 'success'));
}
