/**
 * The contact form against a reference API with the default limits on (issue 41; the suite's
 * own API server runs with `--limits off`, every test being one address): the form sends its
 * hidden field and when its page opened, a person who took the few seconds a message takes is
 * stored, and a bot (hidden field filled, or sent the moment the page opened) sees the same
 * thank-you and stores nothing. Time is moved with Playwright's clock, never waited for.
 */
import { expect, type Page, test } from '@playwright/test';
import { type RunningApiServer, startApiServer } from '../../../scripts/lib/api-server/server.ts';

let api: RunningApiServer;
test.beforeAll(async () => {
  api = await startApiServer({ port: 0 });
});
test.afterAll(() => api.close());

const THANKS = "Thank you for your message! We'll get back to you within 24 hours.";
const unique = (label: string) => `${label} ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
const stored = (text: string) => api.state.contactMessages.filter((m) => m.message === text);

/** The page's POST /api/contact goes to the limited server; its body is kept. */
async function open(page: Page) {
  const bodies: Record<string, unknown>[] = [];
  await page.route('**/api/contact', async (route) => {
    bodies.push(JSON.parse(route.request().postData() ?? '{}'));
    const response = await route.fetch({ url: `${api.url}/api/contact` });
    await route.fulfill({ response });
  });
  await page.clock.install();
  await page.goto('/contact');
  return bodies;
}

async function fill(page: Page, text: string) {
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Your name').fill('Ana');
  await form.getByLabel('Your email address').fill('ana@example.com');
  await form.getByLabel('Subject').selectOption('technical');
  await form.getByLabel('Your message').fill(text);
  return form;
}

test('a person who takes a few seconds is stored; the form sends the empty hidden field and its times', async ({
  page,
}) => {
  const bodies = await open(page);
  const text = unique('The code SPRING20 says expired.');
  const form = await fill(page, text);
  await page.clock.fastForward('00:10');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('status')).toHaveText(THANKS);
  expect(stored(text)).toHaveLength(1);
  const body = bodies[0]!;
  expect(body.website).toBe('');
  expect(Number(body.sentAt) - Number(body.startedAt)).toBeGreaterThanOrEqual(10_000);
});

test('a bot that fills the hidden field sees the thank-you, and nothing is stored', async ({ page }) => {
  await open(page);
  const text = unique('Cheap pills');
  const form = await fill(page, text);
  // The field is off-screen and hidden from assistive technology; a bot fills every input anyway.
  await expect(page.locator('[data-honeypot]')).not.toBeInViewport();
  await expect(page.getByRole('textbox', { name: 'Leave this field empty' })).toHaveCount(0);
  await page.locator('[data-honeypot]').evaluate((input: HTMLInputElement) => {
    input.value = 'http://spam.example';
  });
  await page.clock.fastForward('00:10');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('status')).toHaveText(THANKS);
  expect(stored(text)).toHaveLength(0);
});

test('a message sent the moment the page opened sees the thank-you, and nothing is stored', async ({ page }) => {
  const bodies = await open(page);
  await page.clock.pauseAt(Date.now() + 1000);
  const text = unique('Instant');
  const form = await fill(page, text);
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('status')).toHaveText(THANKS);
  expect(Number(bodies[0]!.sentAt) - Number(bodies[0]!.startedAt)).toBeLessThan(3000);
  expect(stored(text)).toHaveLength(0);
});
