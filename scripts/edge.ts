/**
 * Serves a built edge site (deploy.target "cloudflare") locally in workerd (issue 32):
 *
 *   npm run edge -- --site <id> [--port 8787] [--data .data/edge/<id>] [--now 2026-11-27T12:00:00Z]
 *
 * Static assets, the on-demand brand pages and feeds, and the API (feedback, contact,
 * newsletter, ad events) with D1 kept in the --data folder, so answers survive a restart.
 * --now fixes the Worker's clock (tests). Ctrl+C (SIGINT) or SIGTERM stops it cleanly.
 */
import { parseArgs } from 'node:util';
import { startEdge } from './lib/edge/run.ts';

const { values } = parseArgs({
  options: {
    site: { type: 'string' },
    port: { type: 'string', default: '8787' },
    data: { type: 'string' },
    now: { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (!values.site) fail('Name the site: npm run edge -- --site <id>');
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 64535) fail(`--port must be a port number, got "${values.port}"`);
if (values.now !== undefined && Number.isNaN(Date.parse(values.now)))
  fail(`--now must be an ISO date and time, e.g. 2026-11-27T12:00:00Z, got "${values.now}"`);

let edge: Awaited<ReturnType<typeof startEdge>>;
try {
  edge = await startEdge({
    site: values.site,
    port,
    ...(values.data ? { dataDir: values.data } : {}),
    ...(values.now ? { now: values.now } : {}),
    verbose: values.verbose,
  });
} catch (error) {
  fail((error as Error).message);
}
console.log(
  `Edge site "${values.site}" at ${edge.url} (workerd; D1 in ${values.data ?? `.data/edge/${values.site}`})  Ctrl+C to stop`,
);
let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    edge.stop().then(() => process.exit(0));
  });
