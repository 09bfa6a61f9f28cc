/**
 * The operator console's island (/admin/offers, issue 40 part 4) against the edge site in workerd +
 * D1 (project "edge"), used as an operator would: log in, hide a reported code from the queue,
 * pin a coupon until a date, edit a coupon's Spanish title and block an advertiser in the finder, then
 * unblock it from the list of blocked advertisers;
 * each shows at once on the brand pages the Worker renders on demand, and the audit log lists them.
 * Six wrong passwords from one address end with the "too many attempts" message.
 *
 * Each test sends its own random CF-Connecting-IP, so a retry does not meet the login limit of an
 * earlier run. It uses long-tail brands from the START of the list (admin-gate.spec.ts and
 * health-verdict.spec.ts take theirs from the end) and puts back what it changed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { EDGE_ADMIN_ENV } from './admin-env.ts';
import { adminWriter, randomIp } from './admin-writer.ts';

const CLIENT = 'dist/edge/client';
type Index = { brands: [string, number, number][] };

const codesOn = (html: string) => [...html.matchAll(/data-get-code="(\d+)"/g)].map((m) => m[1]!);

/** Long-tail brands (rendered on demand), in index order, but the first two (edge.spec.ts answers on their codes). */
function longTail(): { id: number; slug: string }[] {
  const index = JSON.parse(readFileSync(`${CLIENT}/_edge/index.json`, 'utf8')) as Index;
  return index.brands
    .filter(([slug]) => !existsSync(`${CLIENT}/brands/${slug}.html`))
    .map(([slug, id]) => ({ id, slug }))
    .slice(2);
}

/** Opens an offer of the finder (searched by its id) and returns its row. */
async function openOffer(page: Page, kind: 'coupon' | 'deal', id: string) {
  const finder = page.locator('[data-console-section="find"]');
  await finder.getByLabel('Title, brand or id').fill(id);
  await finder.getByRole('button', { name: 'Search' }).click();
  const row = finder.locator(`[data-hit="${kind}:${id}"]`);
  const change = row.getByRole('button', { name: 'Change' });
  if ((await change.getAttribute('aria-expanded')) !== 'true') await change.click();
  await expect(row.locator('[data-offer-actions]')).toBeVisible();
  return row;
}

test('logged in: hide from the queue, pin, edit in Spanish and block show at once on the site; the audit log lists them', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  // Three long-tail brands with codes (each page seen once first: the edge keeps it): one to hide
  // a code of and edit another, one to pin its last code on, one to block.
  const found: { id: number; slug: string; codes: string[] }[] = [];
  for (const b of longTail().slice(0, 20))
    found.push({ ...b, codes: codesOn(await (await request.get(`/brands/${b.slug}`)).text()) });
  const a = found.find((b) => b.codes.length >= 2)!;
  const featured = async (id: string) =>
    ((await (await request.get(`/api/coupons/${id}`)).json()) as { data: { featured: boolean } }).data.featured;
  // A code the catalog does not feature, of another brand: the pin features it.
  let b: (typeof found)[0] | undefined;
  let pinned = '';
  for (const x of found.filter((x) => x !== a))
    for (const id of x.codes) if (!b && !(await featured(id))) [b, pinned] = [x, id];
  const blocked = found.find((x) => x !== a && x !== b && x.codes.length >= 1)!;
  expect([a, b, blocked].every(Boolean)).toBe(true);
  const [hidden, edited] = a.codes as [string, string];
  await request.get(`/es/brands/${a.slug}`);
  // Two shoppers say the code to hide did not work: it is in the queue.
  for (let i = 0; i < 2; i++) {
    const res = await request.post(`/api/coupons/${hidden}/feedback`, {
      data: { worked: false },
      headers: { 'CF-Connecting-IP': randomIp() },
    });
    expect(res.status(), await res.text()).toBe(200);
  }

  const context = await browser.newContext({ extraHTTPHeaders: { 'CF-Connecting-IP': randomIp() } });
  const page = await context.newPage();
  await page.goto('/admin/offers');
  await page.getByLabel('Password').fill(EDGE_ADMIN_ENV.ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Reported codes' })).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveCount(0);

  try {
    // The queue: the reported code with its counts; hide it there.
    const report = page.locator(`[data-report="${hidden}"]`);
    await expect(report).toContainText(/\d+ said it did not work/);
    await report.getByRole('button', { name: 'Hide' }).click();
    await expect(page.locator('[data-console-announce]')).toHaveText(`Code ${hidden} hidden.`);
    await expect(report.getByText('Hidden', { exact: true })).toBeVisible();
    expect(codesOn(await (await request.get(`/brands/${a.slug}`)).text())).not.toContain(hidden);

    // Pin a coupon until a date a week ahead: it is featured.
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    let row = await openOffer(page, 'coupon', pinned);
    await row.getByLabel('Pin to the top until').fill(until);
    await row.getByRole('button', { name: 'Pin', exact: true }).click();
    await expect(page.locator('[data-console-announce]')).toContainText('Offer pinned until');
    await expect(row.getByText(/^Pinned until /)).toBeVisible();
    await expect(row.getByRole('button', { name: 'Unpin' })).toBeVisible();
    // Pinned: featured in the API, and featured and first on its brand page.
    expect(await featured(pinned)).toBe(true);
    const card = /data-coupon-id="(\d+)"[\s\S]*?(?=data-coupon-id=|$)/g;
    const cards = [...(await (await request.get(`/brands/${b!.slug}`)).text()).matchAll(card)];
    expect(cards.find((m) => m[1] === pinned)?.[0]).toContain('Featured');
    expect(cards[0]?.[1]).toBe(pinned);

    // Edit a coupon's Spanish title: /es/brands/<slug> shows it (as text).
    const title = `<i>Código</i> probado ${Date.now()}`;
    row = await openOffer(page, 'coupon', edited);
    await row.getByLabel('Language', { exact: true }).selectOption('es');
    await row.getByLabel('Title', { exact: true }).fill(title);
    await row.getByRole('button', { name: 'Save text' }).click();
    await expect(page.locator('[data-console-announce]')).toHaveText('Text saved (es).');
    const es = await (await request.get(`/es/brands/${a.slug}`)).text();
    expect(es).toContain(title.replace('<i>', '&lt;i&gt;').replace('</i>', '&lt;/i&gt;'));
    const shopper = await context.newPage();
    await shopper.goto(`/es/brands/${a.slug}`);
    await expect(
      shopper.locator(`article[data-coupon-id="${edited}"]`).getByText(title, { exact: true }).first(),
    ).toBeVisible();
    await shopper.close();

    // Block an advertiser (after a confirmation): its brand page is gone.
    row = await openOffer(page, 'coupon', blocked.codes[0]!);
    await row.getByRole('button', { name: 'Block this advertiser' }).click();
    await row.getByRole('button', { name: 'Yes, block it' }).click();
    await expect(page.locator('[data-console-announce]')).toContainText('blocked.');
    expect((await request.get(`/brands/${blocked.slug}`)).status()).toBe(404);

    // The blocked advertisers list has it, with an "Unblock" button: the brand page is back at once.
    const blockedList = page.locator('[data-console-section="blocked"]');
    await blockedList.getByRole('button', { name: 'Reload' }).click();
    const blockedRow = blockedList.locator(`[data-blocked-brand="${blocked.id}"]`);
    await expect(blockedRow).toContainText(`#${blocked.id}`);
    await blockedRow.getByRole('button', { name: 'Unblock' }).click();
    await expect(page.locator('[data-console-announce]')).toContainText('unblocked.');
    await expect(blockedRow).toHaveCount(0);
    expect((await request.get(`/brands/${blocked.slug}`)).status()).toBe(200);

    // The audit log lists the five changes, newest first, in the operator's words.
    const audit = page.locator('[data-console-section="audit"]');
    await audit.getByRole('button', { name: 'Reload' }).click();
    const changes = audit.locator('tbody tr').filter({ hasNot: page.locator('[data-audit-action^="refused"]') });
    const mine = async () =>
      (
        await audit
          .locator('tbody tr')
          .evaluateAll((trs) =>
            trs.map((tr) => `${tr.getAttribute('data-audit-action')} ${tr.children[2]?.textContent}`),
          )
      )
        // (Only this test's targets: other specs of the run write to the same audit log.)
        .filter((r) =>
          [`coupon:${hidden}`, `coupon:${pinned}`, `coupon:${edited}`, `brand:${blocked.id}`].includes(
            r.split(' ')[1] ?? '',
          ),
        )
        .filter((r) => /^(hide|pin|edit|block|unblock) /.test(r))
        .slice(0, 5);
    // (Polled: the list is empty while the reload is under way.)
    await expect
      .poll(mine)
      .toEqual([
        `unblock brand:${blocked.id}`,
        `block brand:${blocked.id}`,
        `edit coupon:${edited}`,
        `pin coupon:${pinned}`,
        `hide coupon:${hidden}`,
      ]);
    await expect(changes.filter({ hasText: `coupon:${hidden}` }).first()).toContainText('Hidden');
    await expect(changes.filter({ hasText: `brand:${blocked.id}` }).first()).toContainText('Advertiser unblocked');
    await expect(changes.filter({ hasText: `brand:${blocked.id}` }).nth(1)).toContainText('Advertiser blocked');

    // Log out: the login form is back, and the session no longer reads anything.
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByLabel('Password')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Password')).toBeVisible();
  } finally {
    // Put things back for the other specs of this run (the same edge and D1).
    const write = await adminWriter(request);
    await write(`/api/admin/offers/coupon/${hidden}/unhide`);
    await write(`/api/admin/offers/coupon/${hidden}/dismiss`);
    await write(`/api/admin/offers/coupon/${pinned}/unpin`);
    await write(`/api/admin/brands/${blocked.id}/unblock`);
    await context.close();
  }
  expect(codesOn(await (await request.get(`/brands/${a.slug}`)).text())).toContain(hidden);
  expect((await request.get(`/brands/${blocked.slug}`)).status()).toBe(200);
});

test('six wrong passwords from one address end with the "too many attempts" message (in Spanish)', async ({
  browser,
}) => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'CF-Connecting-IP': randomIp() } });
  const page = await context.newPage();
  await page.goto('/es/admin/offers');
  const password = page.getByLabel('Contraseña');
  const message = page.locator('[data-console-login-error]');
  for (let i = 1; i <= 6; i++) {
    await password.fill(`wrong ${i}`);
    const reply = page.waitForResponse((r) => r.url().endsWith('/api/admin/login'));
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    const status = (await reply).status();
    if (i <= 5) {
      expect(status).toBe(401);
      await expect(message).toHaveText('Contraseña incorrecta.');
    } else {
      expect(status).toBe(429);
      await expect(message).toHaveText(/^Demasiados intentos\. Vuelve a intentarlo dentro de \d+ segundos?\.$/);
    }
  }
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await context.close();
});
