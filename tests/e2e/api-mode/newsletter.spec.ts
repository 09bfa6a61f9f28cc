/**
 * The newsletter form with features.newsletter enabled (the API-mode fixture site): it
 * subscribes through POST /api/newsletter/subscribe on the reference server, with
 * sending / success / error states and one request per press. Faults per request (X-Fault).
 */
import { expect, type Page, type Route, test } from '@playwright/test';
import { API_ORIGIN } from '../shopper-helpers.ts';

const subscribed = async (page: Page, email: string): Promise<boolean> =>
  ((await (await page.request.get(`${API_ORIGIN}/__state`)).json()).newsletterSubscribers as string[]).includes(email);
const unique = (domain: string) => `reader-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@${domain}`;

async function fault(page: Page, rule: string) {
  const requests: string[] = [];
  const handler = (route: Route) => {
    requests.push(route.request().method());
    return route.continue({ headers: { ...route.request().headers(), 'x-fault': rule } });
  };
  await page.route('**/api/newsletter/subscribe', handler);
  return { requests, clear: () => page.unroute('**/api/newsletter/subscribe', handler) };
}

test('subscribing: "Subscribing..." then success, the address reaches the server once', async ({ page }) => {
  const email = unique('example.com');
  const slow = await fault(page, 'delay:1000');
  await page.goto('/blog');
  const box = page.locator('[data-newsletter]');
  await box.getByRole('textbox', { name: 'Email address' }).fill(email.toUpperCase());
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(box.getByRole('button', { name: 'Subscribing...' })).toBeDisabled();
  await box.getByRole('button', { name: 'Subscribing...' }).click({ force: true });
  await expect(box.getByRole('status')).toHaveText("You're subscribed! Look out for our next email.");
  await expect(box.getByRole('textbox', { name: 'Email address' })).toHaveValue('');
  expect(await subscribed(page, email)).toBe(true);
  expect(slow.requests.filter((m) => m === 'POST')).toHaveLength(1);
});

test('error: says so, keeps the address, Try again subscribes', async ({ page }) => {
  const email = unique('beispiel.de');
  const broken = await fault(page, 'status:502');
  await page.goto('/de/blog');
  const box = page.locator('[data-newsletter]');
  await box.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
  await box.getByRole('button', { name: 'Anmelden' }).click();
  await expect(box.getByRole('alert')).toContainText('Leider konnten wir dich gerade nicht anmelden.');
  await expect(box.getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveValue(email);
  expect(await subscribed(page, email)).toBe(false);
  await broken.clear();
  await box.getByRole('button', { name: 'Noch einmal versuchen' }).click();
  await expect(box.getByRole('status')).toHaveText('Du bist angemeldet! Halt Ausschau nach unserer nächsten E-Mail.');
  expect(await subscribed(page, email)).toBe(true);
});

test('an invalid address is never sent', async ({ page }) => {
  const watch = await fault(page, 'status:500');
  await page.goto('/blog');
  const box = page.locator('[data-newsletter]');
  await box.getByRole('textbox', { name: 'Email address' }).fill('not-an-address');
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(box.getByRole('textbox', { name: 'Email address' })).toHaveAccessibleDescription(
    'Please enter an email address like name@example.com.',
  );
  expect(watch.requests).toEqual([]);
});
