import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StaticServer, startStaticServer } from '../../../scripts/lib/serve/static-server.ts';

describe('static server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'static-'));
  let server: StaticServer;

  beforeAll(async () => {
    mkdirSync(join(dir, 'es'));
    writeFileSync(join(dir, 'index.html'), '<h1>home</h1>');
    writeFileSync(join(dir, 'coupons.html'), '<h1>coupons</h1>');
    writeFileSync(join(dir, '404.html'), '<h1>Page Not Found</h1>');
    writeFileSync(join(dir, 'es', '404.html'), '<h1>Página no encontrada</h1>');
    writeFileSync(join(dir, 'es.html'), '<h1>inicio</h1>');
    server = await startStaticServer({ dir });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves clean URLs', async () => {
    expect(await (await fetch(`${server.url}/coupons`)).text()).toBe('<h1>coupons</h1>');
    expect(await (await fetch(`${server.url}/`)).text()).toBe('<h1>home</h1>');
    expect(await (await fetch(`${server.url}/es`)).text()).toBe('<h1>inicio</h1>');
  });

  it('answers unknown paths with the 404 page of their language and status 404', async () => {
    const en = await fetch(`${server.url}/nope`);
    expect(en.status).toBe(404);
    expect(await en.text()).toContain('Page Not Found');
    const es = await fetch(`${server.url}/es/nada`);
    expect(es.status).toBe(404);
    expect(await es.text()).toContain('Página no encontrada');
  });

  it('never serves files outside its folder', async () => {
    const res = await fetch(`${server.url}/..%2f..%2fetc%2fpasswd`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('root:');
  });
});
