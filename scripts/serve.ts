/**
 * Serves a built site: `npm run serve -- --site default [--port 4321] [--host 127.0.0.1]`.
 * Build it first with `npm run build -- --site default`.
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
  },
});
const dir = resolve(values.dir ?? `dist/${values.site}`);
if (!existsSync(dir)) {
  console.error(`No build at ${dir}. Run: npm run build -- --site ${values.site}`);
  process.exit(1);
}
const server = await startStaticServer({ dir, port: Number(values.port), host: values.host });
console.log(`Serving ${dir} at ${server.url}  (Ctrl+C to stop)`);
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => server.close().then(() => process.exit(0)));
