import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
const dir = process.env.DIR || 'dist/default';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
for (const url of process.argv.slice(2)) {
  const ctx = await b.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const p = await ctx.newPage();
  const files = [];
  p.on('request', (r) => { if (r.resourceType() === 'script') files.push(new URL(r.url()).pathname); });
  await p.goto('http://127.0.0.1:' + (process.env.PORT || 4471) + url); await p.waitForLoadState('networkidle');
  let t = 0; const rows = [];
  for (const f of files) { const n = gzipSync(readFileSync(dir + f)).length + 300; t += n; rows.push([n, f]); }
  console.log(url, (t/1000).toFixed(1), 'KB gzip+hdr,', files.length, 'requests');
  if (process.env.V) for (const [n, f] of rows.sort((a,b)=>b[0]-a[0])) console.log('   ', (n/1000).toFixed(1), f);
  await ctx.close();
}
await b.close();
