/** The reference API server's HTTP plumbing: JSON replies, CORS headers, request bodies. */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const ALLOWED_HEADERS = [
  'Content-Type',
  'Authorization',
  'X-Site-Id',
  'X-Fault',
  'X-Envelope',
  'Accept-Language',
];
export const MALFORMED_BODY = '{"success": true, "data": [{"id": 1,';

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function setCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  // Echo the origin (not "*") so the plain client's credentialed requests are allowed too.
  res.setHeader('Access-Control-Allow-Origin', origin ?? '*');
  if (origin) res.setHeader('Access-Control-Allow-Credentials', 'true');
  // Replies depend on the origin (CORS) and on the language asked for.
  res.setHeader('Vary', 'Origin, Accept-Language');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS.join(', '));
  res.setHeader('Access-Control-Max-Age', '600');
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
