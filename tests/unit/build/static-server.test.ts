import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding, type StaticServer, startStaticServer } from '../../../scripts/lib/serve/static-server.ts';

/** GET with a given Accept-Encoding; the raw body as sent and the headers. */
function rawGet(url: string, acceptEncoding?: string): Promise<{ encoding?: string; length?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          ...(res.headers['content-encoding'] ? { encoding: res.headers['content-encoding'] } : {}),
          ...(res.headers['content-length'] ? { length: res.headers['content-length'] } : {}),
          body: Buffer.concat(chunks),
        }),
      );
    }).on('error', reject);
  });
}

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

  it('sends Brotli to a browser that accepts it, gzip to one that does not, and plain text otherwise', async () => {
    const page = `<h1>${'Save 20% on shoes. '.repeat(400)}</h1>`;
    writeFileSync(join(dir, 'deals.html'), page);
    const br = await rawGet(`${server.url}/deals`, 'gzip, deflate, br, zstd');
    expect(br.encoding).toBe('br');
    expect(Number(br.length)).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    const gz = await rawGet(`${server.url}/deals`, 'gzip, deflate');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(page);
    expect(br.body.length).toBeLessThan(gz.body.length);
    const plain = await rawGet(`${server.url}/deals`);
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
  });

  it('serves the new content after a file changes (the compressed copy is per version)', async () => {
    writeFileSync(join(dir, 'about.html'), '<p>first version of the page</p>');
    const first = await rawGet(`${server.url}/about`, 'br');
    expect(brotliDecompressSync(first.body).toString()).toBe('<p>first version of the page</p>');
    writeFileSync(join(dir, 'about.html'), '<p>second, longer version of the page</p>');
    utimesSync(join(dir, 'about.html'), new Date(), new Date(Date.now() + 5000));
    const second = await rawGet(`${server.url}/about`, 'br');
    expect(brotliDecompressSync(second.body).toString()).toBe('<p>second, longer version of the page</p>');
  });

  it('streams Brotli for a large file', async () => {
    const big = JSON.stringify(Array.from({ length: 40_000 }, (_, i) => ({ id: i, title: `Offer ${i}` })));
    mkdirSync(join(dir, 'data'), { recursive: true });
    writeFileSync(join(dir, 'data', 'big.json'), big);
    const res = await rawGet(`${server.url}/data/big.json`, 'br');
    expect(res.encoding).toBe('br');
    expect(brotliDecompressSync(res.body).toString()).toBe(big);
  });
});

describe('pickEncoding', () => {
  it('prefers Brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});
