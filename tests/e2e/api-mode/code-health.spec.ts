/**
 * Code health from real use (issue 22 point 3), in API mode: after "Copy Code & Visit Store" the
 * shopper comes back to the tab and is asked once "Did {CODE} work?"; the answer is stored by the
 * reference API in SQLite (its --data folder), a second server over the same folder (a restart)
 * reads it back, and the site's next API read shows it on the card and in the modal.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { API_ORIGIN, leaveAndComeBack, waitForIslands } from '../shopper-helpers.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const API_PORT = Number(process.env.E2E_API_PORT ?? 3001);
/** The folder playwright.config.ts gives the reference API (--data). */
const DATA_DIR = `.tmp/e2e-api-data-${API_PORT}`;
/** A second reference API over the same folder: what a restart reads. */
const SECOND_PORT = API_PORT + 9;

type Health = { votes: { worked: number; failed: number }; lastWorkedAt: string | null };
const answered = async (request: APIRequestContext): Promise<Record<string, Health>> =>
  ((await (await request.get(`${API_ORIGIN}/__state`)).json()) as { couponFeedback: Record<string, Health> })
    .couponFeedback;

async function startSecondServer(): Promise<ChildProcess> {
  const child = spawn(
    'node_modules/.bin/node',
    ['scripts/api-server.ts', '--port', String(SECOND_PORT), '--host', '127.0.0.1', '--data', DATA_DIR],
    { stdio: 'ignore' },
  );
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  try {
    await expect
      .poll(
        async () =>
          // Not up yet, or gone (port taken): keep asking only while our own server runs.
          !exited &&
          (await fetch(`http://127.0.0.1:${SECOND_PORT}/api/home/stats`).then(
            (r) => r.ok,
            () => false,
          )),
        { timeout: 60_000 },
      )
      .toBe(true);
  } catch (error) {
    child.kill();
    throw error;
  }
  return child;
}

test('copy, come back, answer once: the vote is stored, survives a restart and shows on the next API read', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  await context.route('https://**.example/**', (route) => route.fulfill({ status: 200, body: 'store' }));
  const before = await answered(request);

  await page.goto('/coupons');
  await waitForIslands(page);
  const cards = page.locator('section[aria-labelledby="all-coupons-title"] article').filter({
    has: page.getByRole('button', { name: /Get Code/ }),
  });
  // A coupon nobody has answered for yet in this server's database; from the end of the page, as
  // specs running beside this one (records.spec.ts) count clicks on the first ones.
  const ids = await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-coupon-id') ?? ''));
  const id = ids.reverse().find((x) => x && !before[x]);
  expect(id, 'a coupon without answers').toBeTruthy();
  const card = page.locator(`article[data-coupon-id="${id}"]`).first();
  // Before any answer the card says what the catalog says, labelled as an estimate.
  await expect(card.locator('[data-health-votes]')).toHaveCount(0);

  await card.getByRole('button', { name: /Get Code/ }).click();
  const dialog = page.getByRole('dialog');
  const code = (await dialog.locator('[data-coupon-code]').textContent())?.trim() ?? '';
  const popup = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Copy Code & Visit Store' }).click();
  await (await popup).close();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  // Back on the tab: a non-modal question, announced politely, the page still usable.
  await leaveAndComeBack(page);
  const question = page.getByRole('region', { name: `Did ${code} work?` });
  await expect(question).toBeVisible();
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: `Did ${code} work?` })).toHaveCount(1);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const sent = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith(`/api/coupons/${id}/feedback`),
  );
  await question.getByRole('button', { name: 'Yes, it worked' }).click();
  const response = await sent;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toEqual({ worked: true });
  await expect(page.getByRole('region', { name: 'Thanks! Your answer helps other shoppers.' })).toBeVisible();
  await expect.poll(async () => (await answered(request))[id!]?.votes).toEqual({ worked: 1, failed: 0 });
  // The thanks goes by itself.
  await expect(page.locator('[data-feedback-question]')).toHaveCount(0);

  // Asked once: copying the same code again and coming back asks nothing.
  await card.getByRole('button', { name: /Get Code|Copied/ }).click();
  const again = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: /Copy Code & Visit Store|Code Copied/ }).click();
  await (await again).close();
  await leaveAndComeBack(page);
  await expect(dialog.locator('[data-feedback-question]')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // A restart: a second server over the same --data folder reads the vote back from SQLite.
  const second = await startSecondServer();
  try {
    const reply = (await (await request.get(`http://127.0.0.1:${SECOND_PORT}/api/coupons/${id}`)).json()) as {
      data: Health;
    };
    expect(reply.data.votes).toEqual({ worked: 1, failed: 0 });
    expect(reply.data.lastWorkedAt).not.toBeNull();
  } finally {
    second.kill();
  }

  // The site's next API read (the popular sort is fetched from the API) shows the counted vote,
  // and ranks the one code shoppers said works first (Wilson lower bound).
  await page.goto('/coupons?sort=popular');
  await waitForIslands(page);
  const first = page.locator('section[aria-labelledby="all-coupons-title"] article').first();
  await expect(first).toHaveAttribute('data-coupon-id', id!);
  await expect(first.locator('[data-health-votes]')).toHaveText('100% of 1 shopper says it works');
  await expect(first.locator('[data-health-last-worked]')).toHaveText(/^Last worked (just now|\d+ min\. ago)$/);
  await expect(first.locator('[data-health-estimate]')).toHaveCount(0);
  await first.getByRole('button', { name: /Get Code/ }).click();
  await expect(page.getByRole('dialog').locator('[data-health-votes]')).toHaveText('100% of 1 shopper says it works');
});
