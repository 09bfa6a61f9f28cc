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

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });

/** The reply to an /api request, or null for any other path (the site answers it). */
export async function answerApi(request: Request, deps: HandlerDeps): Promise<Response | null> {
  const url = new URL(request.url);
  if (url.pathname !== '/api' && !url.pathname.startsWith('/api/')) return null;
  const handlers = createHandlers(deps);
  const samePath = HANDLER_ROUTES.filter((r) => r.pattern.test(url.pathname));
  const route = samePath.find((r) => r.method === request.method);
  if (!route)
    return samePath.length ? json(405, { message: 'Method not allowed' }) : json(404, { message: 'Not found' });
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
  if (reply.kind === 'error') return json(reply.status, { message: reply.message });
  return json(200, envelope(reply, 'success'));
}
