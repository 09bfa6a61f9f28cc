/**
 * The newsletter form with features.newsletter enabled (the API-mode fixture site): it
 * subscribes through POST /api/newsletter/subscribe on the reference server, with
 * sending / success / error states and one request per press.
 */
import { expect, type Page, test } from '@playwright/test';
import { API_ORIGIN } from '../shopper-helpers.ts';

test.describe.configure({ mode: 'serial' });
const subscribers = async (page: Page): Promise<string[]> =>
  (await (await page.request.get(`${API_ORIGIN}/__state`)).json()).newsletterSubscribers;

test.beforeEach(async ({ page }) => {
  await page.request.delete(`${API_ORIGIN}/__faults`);
  await page.request.delete(`${API_ORIGIN}/__state`);
});
test.afterEach(async ({ page }) => {
  await page.request.delete(`${API_ORIGIN}/__faults`);
});

test('subscribing: "Subscribing..." then success, the address reaches the server once', async ({ page }) => {
  await page.request.post(`${API_ORIGIN}/__faults`, {
    data: { rule: 'delay:1000', path: '/api/newsletter/subscribe', times: 1 },
  });
  await page.goto('/blog');
  const box = page.locator('[data-newsletter]');
  await box.getByRole('textbox', { name: 'Email address' }).fill('Reader@Example.com');
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(box.getByRole('button', { name: 'Subscribing...' })).toBeDisabled();
  await box.getByRole('button', { name: 'Subscribing...' }).click({ force: true });
  await expect(box.getByRole('status')).toHaveText("You're subscribed! Look out for our next email.");
  await expect(box.getByRole('textbox', { name: 'Email address' })).toHaveValue('');
  expect(await subscribers(page)).toEqual(['reader@example.com']);
});

test('error: says so, keeps the address, Try again subscribes', async ({ page }) => {
  await page.request.post(`${API_ORIGIN}/__faults`, {
    data: { rule: 'status:502', path: '/api/newsletter/subscribe', times: 1 },
  });
  await page.goto('/de/blog');
  const box = page.locator('[data-newsletter]');
  await box.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill('leser@beispiel.de');
  await box.getByRole('button', { name: 'Anmelden' }).click();
  await expect(box.getByRole('alert')).toContainText('Leider konnten wir dich gerade nicht anmelden.');
  await expect(box.getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveValue('leser@beispiel.de');
  expect(await subscribers(page)).toEqual([]);
  await box.getByRole('button', { name: 'Noch einmal versuchen' }).click();
  await expect(box.getByRole('status')).toHaveText('Du bist angemeldet! Halt Ausschau nach unserer nächsten E-Mail.');
  expect(await subscribers(page)).toEqual(['leser@beispiel.de']);
});

test('an invalid address is never sent', async ({ page }) => {
  await page.goto('/blog');
  const box = page.locator('[data-newsletter]');
  await box.getByRole('textbox', { name: 'Email address' }).fill('not-an-address');
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(box.getByRole('textbox', { name: 'Email address' })).toHaveAccessibleDescription(
    'Please enter an email address like name@example.com.',
  );
  const state = await (await page.request.get(`${API_ORIGIN}/__state`)).json();
  expect(state.requests.filter((r: { url: string }) => r.url.includes('newsletter'))).toEqual([]);
});
