/**
 * The contact form in API mode, through the reference server (POST /api/contact) with faults
 * injected (scripts/lib/api-server/faults.ts): "Sending..." → success (SPEC §8 text, fields
 * cleared) or error (text kept, Try again), and exactly one request per press.
 */
import { expect, type Page, test } from '@playwright/test';
import { API_ORIGIN } from '../shopper-helpers.ts';

type State = { contactMessages: { name: string; email: string; subject: string; message: string }[]; requests: { method: string; url: string }[] };
const state = async (page: Page): Promise<State> => (await page.request.get(`${API_ORIGIN}/__state`)).json();
const contactPosts = async (page: Page) =>
  (await state(page)).requests.filter((r) => r.method === 'POST' && r.url.startsWith('/api/contact')).length;

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  await page.request.delete(`${API_ORIGIN}/__faults`);
  await page.request.delete(`${API_ORIGIN}/__state`);
});
test.afterEach(async ({ page }) => {
  await page.request.delete(`${API_ORIGIN}/__faults`);
});

const form = (page: Page) => page.getByRole('form', { name: 'Contact form' });
async function fillValid(page: Page, message = 'SAVE10 is refused at checkout.') {
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
  await expect(page.locator('[data-contact-cards]').getByRole('link', { name: 'help@api-mode.couponsaver.example' })).toBeVisible();
});

test('sending → success: the thank-you text, fields cleared, the message reached the API once', async ({ page }) => {
  await page.request.post(`${API_ORIGIN}/__faults`, { data: { rule: 'delay:1200', path: '/api/contact', times: 1 } });
  await page.goto('/contact');
  await fillValid(page);
  const send = form(page).getByRole('button', { name: 'Send message' });
  await send.click();
  const busy = form(page).getByRole('button', { name: 'Sending...' });
  await expect(busy).toBeDisabled();
  // Pressing again, or Enter in a field, while it sends does not send twice.
  await busy.click({ force: true });
  await form(page).getByLabel('Your name').press('Enter');
  await expect(form(page).getByRole('status')).toHaveText("Thank you for your message! We'll get back to you within 24 hours.");
  for (const label of ['Your name', 'Your email address', 'Your message']) await expect(form(page).getByLabel(label)).toHaveValue('');
  await expect(form(page).getByLabel('Subject')).toHaveValue('');
  await expect(form(page).getByRole('button', { name: 'Send message' })).toBeEnabled();
  expect(await contactPosts(page)).toBe(1);
  expect((await state(page)).contactMessages).toEqual([
    { name: 'Ana', email: 'ana@example.com', subject: 'technical', message: 'SAVE10 is refused at checkout.' },
  ]);
});

test('a double click sends once', async ({ page }) => {
  await page.request.post(`${API_ORIGIN}/__faults`, { data: { rule: 'delay:800', path: '/api/contact', times: 1 } });
  await page.goto('/contact');
  await fillValid(page);
  await form(page).getByRole('button', { name: 'Send message' }).dblclick();
  await expect(form(page).getByRole('status')).toContainText('Thank you for your message!');
  expect(await contactPosts(page)).toBe(1);
});

for (const rule of ['status:500', 'drop', 'malformed']) {
  test(`error (${rule}): the SPEC text, the text kept, and Try again sends it`, async ({ page }) => {
    await page.request.post(`${API_ORIGIN}/__faults`, { data: { rule, path: '/api/contact', times: 1 } });
    await page.goto('/contact');
    await fillValid(page, 'Please check the Nova Tech code.');
    await form(page).getByRole('button', { name: 'Send message' }).click();
    const alert = form(page).getByRole('alert');
    await expect(alert).toContainText('Sorry, there was an error sending your message. Please try again later.');
    await expect(form(page).getByRole('status')).not.toContainText('Thank you');
    await expect(form(page).getByLabel('Your message')).toHaveValue('Please check the Nova Tech code.');
    await expect(form(page).getByLabel('Your name')).toHaveValue('Ana');
    expect((await state(page)).contactMessages).toEqual([]);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(form(page).getByRole('status')).toContainText('Thank you for your message!');
    await expect(form(page).getByLabel('Your message')).toHaveValue('');
    expect((await state(page)).contactMessages.map((m) => m.message)).toEqual(['Please check the Nova Tech code.']);
  });
}

test('in Spanish too', async ({ page }) => {
  await page.request.post(`${API_ORIGIN}/__faults`, { data: { rule: 'status:503', path: '/api/contact', times: 1 } });
  await page.goto('/es/contact');
  const f = page.getByRole('form', { name: 'Formulario de contacto' });
  await f.getByLabel('Tu nombre').fill('Lucía');
  await f.getByLabel('Tu correo electrónico').fill('lucia@example.es');
  await f.getByLabel('Asunto').selectOption('suggestion');
  await f.getByLabel('Tu mensaje').fill('¿Podéis añadir más tiendas de moda?');
  await f.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(f.getByRole('alert')).toContainText('se ha producido un error al enviar tu mensaje');
  await f.getByRole('button', { name: 'Volver a intentarlo' }).click();
  await expect(f.getByRole('status')).toHaveText('¡Gracias por tu mensaje! Te responderemos en menos de 24 horas.');
});
