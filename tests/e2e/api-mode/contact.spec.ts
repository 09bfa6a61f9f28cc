/**
 * The contact form in API mode, through the reference server (POST /api/contact) with faults
 * injected per request (X-Fault header, scripts/lib/api-server/faults.ts): "Sending..." →
 * success (SPEC §8 text, fields cleared) or error (text kept, Try again), one send per press.
 * Each test writes a unique message, so parallel tests never see each other's.
 */
import { expect, type Page, test } from '@playwright/test';
import { API_ORIGIN } from '../shopper-helpers.ts';

type Message = { name: string; email: string; subject: string; message: string };
const received = async (page: Page, text: string): Promise<Message[]> =>
  ((await (await page.request.get(`${API_ORIGIN}/__state`)).json()).contactMessages as Message[]).filter(
    (m) => m.message === text,
  );
const unique = (label: string) => `${label} ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** Every POST /api/contact of this page gets the fault until `clear` is called. */
async function fault(page: Page, rule: string) {
  const handler = (route: import('@playwright/test').Route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-fault': rule } });
  await page.route('**/api/contact', handler);
  return { clear: () => page.unroute('**/api/contact', handler) };
}

const form = (page: Page) => page.getByRole('form', { name: 'Contact form' });
async function fillValid(page: Page, message: string) {
  const f = form(page);
  await f.getByLabel('Your name').fill('Ana');
  await f.getByLabel('Your email address').fill('ana@example.com');
  await f.getByLabel('Subject').selectOption('technical');
  await f.getByLabel('Your message').fill(message);
}

test('the page says the message goes to the team; the optional contact parts show', async ({ page }) => {
  await page.goto('/contact');
  await expect(form(page)).toContainText('Your message goes straight to our support team.');
  await expect(page.locator('[data-contact-chat]').getByRole('link', { name: 'Start a chat' })).toHaveAttribute(
    'href',
    'https://chat.api-mode.couponsaver.example/',
  );
  await expect(page.locator('[data-contact-cards] address')).toContainText('1 Example Street');
  await expect(
    page.locator('[data-contact-cards]').getByRole('link', { name: 'help@api-mode.couponsaver.example' }),
  ).toBeVisible();
});

test('sending → success: the thank-you text, fields cleared, the message reached the API once', async ({ page }) => {
  const text = unique('SAVE10 is refused at checkout.');
  await fault(page, 'delay:1200');
  await page.goto('/contact');
  await fillValid(page, text);
  await form(page).getByRole('button', { name: 'Send message' }).click();
  const busy = form(page).getByRole('button', { name: 'Sending...' });
  await expect(busy).toBeDisabled();
  await expect(form(page).getByRole('status')).toHaveText('Sending...');
  // Pressing again, or Enter in a field, while it sends does not send twice.
  await busy.click({ force: true });
  await form(page).getByLabel('Your name').press('Enter');
  await expect(form(page).getByRole('status')).toHaveText(
    "Thank you for your message! We'll get back to you within 24 hours.",
  );
  for (const label of ['Your name', 'Your email address', 'Your message'])
    await expect(form(page).getByLabel(label)).toHaveValue('');
  await expect(form(page).getByLabel('Subject')).toHaveValue('');
  await expect(form(page).getByRole('button', { name: 'Send message' })).toBeEnabled();
  expect(await received(page, text)).toEqual([
    { name: 'Ana', email: 'ana@example.com', subject: 'technical', message: text },
  ]);
});

test('a double click sends once', async ({ page }) => {
  const text = unique('Double click');
  await fault(page, 'delay:800');
  await page.goto('/contact');
  await fillValid(page, text);
  await form(page).getByRole('button', { name: 'Send message' }).dblclick();
  await expect(form(page).getByRole('status')).toContainText('Thank you for your message!');
  expect(await received(page, text)).toHaveLength(1);
});

for (const rule of ['status:500', 'drop', 'malformed', 'status:400:envelope']) {
  test(`error (${rule}): the SPEC text, the text kept, and Try again sends it`, async ({ page }) => {
    const text = unique('Please check the Nova Tech code.');
    const injected = await fault(page, rule);
    await page.goto('/contact');
    await fillValid(page, text);
    await form(page).getByRole('button', { name: 'Send message' }).click();
    const alert = form(page).getByRole('alert');
    await expect(alert).toContainText('Sorry, there was an error sending your message. Please try again later.');
    await expect(form(page).getByRole('status')).not.toContainText('Thank you');
    await expect(form(page).getByLabel('Your message')).toHaveValue(text);
    await expect(form(page).getByLabel('Your name')).toHaveValue('Ana');
    expect(await received(page, text)).toEqual([]);
    await injected.clear();
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(form(page).getByRole('status')).toContainText('Thank you for your message!');
    await expect(form(page).getByLabel('Your message')).toHaveValue('');
    expect(await received(page, text)).toHaveLength(1);
  });
}

test('in Spanish too', async ({ page }) => {
  const text = unique('¿Podéis añadir más tiendas de moda?');
  const injected = await fault(page, 'status:503');
  await page.goto('/es/contact');
  const f = page.getByRole('form', { name: 'Formulario de contacto' });
  await f.getByLabel('Tu nombre').fill('Lucía');
  await f.getByLabel('Tu correo electrónico').fill('lucia@example.es');
  await f.getByLabel('Asunto').selectOption('suggestion');
  await f.getByLabel('Tu mensaje').fill(text);
  await f.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(f.getByRole('alert')).toContainText('se ha producido un error al enviar tu mensaje');
  await injected.clear();
  await f.getByRole('button', { name: 'Volver a intentarlo' }).click();
  await expect(f.getByRole('status')).toHaveText('¡Gracias por tu mensaje! Te responderemos en menos de 24 horas.');
  expect(await received(page, text)).toHaveLength(1);
});
