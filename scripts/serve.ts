/**
 * Serves a built site: `npm run serve -- --site default [--port 4321] [--host 127.0.0.1] [--headers]`.
 * Build it first with `npm run build -- --site default`. `--headers` applies the build's
 * `_headers` (Content-Security-Policy, security headers, caching) as a static host would.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startStaticServer } from './lib/serve/static-server.ts';

const { values } = parseArgs({
  options: {
    site: { type: 'string', default: 'default' },
    dir: { type: 'string' },
    port: { type: 'string', default: process.env.PORT ?? '4321' },
    host: { type: 'string', default: '127.0.0.1' },
    headers: { type: 'boolean', default: false },
  },
});
const dir = resolve(values.dir ?? `dist/${values.site}`);
if (!existsSync(dir)) {
  console.error(`No build at ${dir}. Run: npm run build -- --site ${values.site}`);
  process.exit(1);
}
const server = await startStaticServer({
  dir,
  port: Number(values.port),
  host: values.host,
  headers: values.headers,
}).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
console.log(`Serving ${dir} at ${server.url}${values.headers ? ' with its _headers' : ''}  (Ctrl+C to stop)`);
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => server.close().then(() => process.exit(0)));
