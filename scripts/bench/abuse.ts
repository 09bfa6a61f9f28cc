/**
 * Abuse load test of an edge site's write endpoints (issue 41): serves a built edge site in
 * workerd (`npm run edge`'s runner, D1 in a fresh temporary folder) and floods each public write
 * with autocannon for a bounded time, from several addresses (`CF-Connecting-IP`, which the local
 * runtime takes from the request; Cloudflare sets it itself in production). Prints per endpoint
 * what was accepted (2xx), refused (by status) and stored (rows in D1, read from the database
 * file), then that feedback from a fresh address is still stored. Stops by itself.
 *
 *   npm run bench:abuse -- --site <id> [--dist dist] [--port 5160] [--seconds 5] [--connections 8] [--addresses 4]
 *
 * Build the site first (deploy.target "cloudflare"), e.g.
 * `npm run build -- --sites-dir tests/fixtures/sites --site edge`. Figures only, nothing asserted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { d1Rows } from '../lib/edge/d1-file.ts';
import { ROOT, startEdge } from '../lib/edge/run.ts';

const { values } = parseArgs({
  options: {
    site: { type: 'string' },
    dist: { type: 'string', default: 'dist' },
    port: { type: 'string', default: '5160' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '8' },
    addresses: { type: 'string', default: '4' },
  },
});
if (!values.site) {
  console.error('Name the site: npm run bench:abuse -- --site <id>');
  process.exit(1);
}
const seconds = Math.min(60, Math.max(1, Number(values.seconds)));
const connections = Math.min(64, Math.max(1, Number(values.connections)));
const addressCount = Math.min(250, Math.max(1, Number(values.addresses)));
const addresses = Array.from({ length: addressCount }, (_, i) => `198.18.0.${i + 1}`);

const adEvent = (i: number) => ({
  id: `bench-${i}-${Math.random().toString(36).slice(2, 10)}`,
  type: 'impression',
  platform: 'adsense',
  slotId: 'top-1',
  position: 'top',
  at: Date.now(),
  mock: false,
});
const contact = {
  name: 'Bench',
  email: 'bench@example.com',
  subject: 'other',
  message: 'Flood',
  startedAt: 0,
  sentAt: 60_000,
};

interface Target {
  name: string;
  path: string;
  body: () => unknown;
  /** The table (and condition) its writes land in. */
  stored: string;
}
const targets: Target[] = [
  { name: '`POST /api/contact`', path: '/api/contact', body: () => contact, stored: 'contact' },
  {
    name: '`POST /api/contact` (honeypot filled)',
    path: '/api/contact',
    body: () => ({ ...contact, website: 'http://spam.example' }),
    stored: 'contact',
  },
  {
    name: '`POST /api/newsletter/subscribe`',
    path: '/api/newsletter/subscribe',
    body: () => ({ email: `bench-${Math.random().toString(36).slice(2)}@example.com` }),
    stored: 'newsletter',
  },
  { name: '`POST /api/coupons/1/usage`', path: '/api/coupons/1/usage', body: () => undefined, stored: 'counts' },
  { name: '`POST /api/ads/events`', path: '/api/ads/events', body: () => adEvent(0), stored: 'ad_events' },
  {
    name: '`POST /api/ads/events/batch` (10 events)',
    path: '/api/ads/events/batch',
    body: () => ({ events: Array.from({ length: 10 }, (_, i) => adEvent(i)) }),
    stored: 'ad_events',
  },
  {
    name: '`POST /api/ads/events` `{"junk": …}`',
    path: '/api/ads/events',
    body: () => ({ junk: 'x'.repeat(200) }),
    stored: 'ad_events',
  },
  { name: '`POST /api/ads/events` `"hello"`', path: '/api/ads/events', body: () => 'hello', stored: 'ad_events' },
];

const rows = (dir: string, table: string) => d1Rows(dir, table);

const distDir = resolve(ROOT, values.dist);
const dataDir = mkdtempSync(join(tmpdir(), 'bench-abuse-'));
const edge = await startEdge({ site: values.site, distDir, port: Number(values.port), dataDir });
const lines: string[] = [];
try {
  // The first write creates the tables.
  await fetch(`${edge.url}/api/search/record`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{"query":"warm-up"}',
  });
  for (const target of targets) {
    const before = rows(dataDir, target.stored);
    let n = 0;
    const statuses = new Map<number, number>();
    const instance = autocannon({
      url: edge.url,
      connections,
      duration: seconds,
      requests: [
        {
          setupRequest: (req) => {
            const body = target.body();
            return {
              ...req,
              method: 'POST',
              path: target.path,
              headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': addresses[n++ % addresses.length]! },
              ...(body === undefined ? {} : { body: JSON.stringify(body) }),
            };
          },
        },
      ],
    });
    instance.on('response', (_client, status) => statuses.set(status, (statuses.get(status) ?? 0) + 1));
    await instance;
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    const accepted = [...statuses].filter(([s]) => s < 300).reduce((a, [, c]) => a + c, 0);
    const refused = [...statuses].filter(([s]) => s >= 300).sort(([a], [b]) => a - b);
    const stored = rows(dataDir, target.stored) - before;
    lines.push(
      `| ${target.name} | ${total.toLocaleString('en')} | ${accepted.toLocaleString('en')} | ${
        refused.map(([s, c]) => `${c.toLocaleString('en')} × ${s}`).join(', ') || '0'
      } | ${stored.toLocaleString('en')} |`,
    );
    process.stdout.write(`${lines.at(-1)}\n`);
  }
  // After the floods: feedback from an address that took no part.
  const feedbackBefore = rows(dataDir, 'feedback');
  const res = await fetch(`${edge.url}/api/coupons/1/feedback`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '203.0.113.250' },
    body: '{"worked":true}',
  });
  const stored = rows(dataDir, 'feedback') - feedbackBefore;
  console.log(
    `\n${values.site}: ${addressCount} addresses, ${connections} connections, ${seconds} s per endpoint\n\n| endpoint | requests | accepted (2xx) | refused | stored rows |\n| --- | ---: | ---: | --- | ---: |\n${lines.join('\n')}\n\nFeedback from a fresh address after the floods: HTTP ${res.status}, ${stored} row stored.`,
  );
} finally {
  await edge.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
