/**
 * The newsletter form on the default site, where features.newsletter is disabled: it still
 * checks the address, sends nothing, and says plainly that sign-up is not open yet.
 */
import { expect, test } from '@playwright/test';

test('validates the address and, sign-up being closed, sends nothing and says so', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET') sent.push(r.url());
  });
  await page.goto('/blog');
  const box = page.locator('[data-newsletter]');
  const email = box.getByRole('textbox', { name: 'Email address' });
  const subscribe = box.getByRole('button', { name: 'Subscribe' });
  await subscribe.click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Please fill in this field.');
  await expect(email).toBeFocused();
  await email.fill('reader@');
  await subscribe.click();
  await expect(email).toHaveAccessibleDescription('Please enter an email address like name@example.com.');
  // Emptied first: in Firefox, Playwright-BiDi's fill() adds to an <input type=email> (it has no
  // selection API) instead of replacing what is there.
  await email.clear();
  await email.fill('reader@example.com');
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  await email.press('Enter');
  await expect(box.getByRole('status')).toHaveText(
    "Newsletter sign-up isn't open yet, so nothing was sent. Please check back later.",
  );
  await expect(box.getByRole('status')).not.toContainText("You're subscribed");
  await expect(email).toHaveValue('reader@example.com');
  expect(sent).toEqual([]);
  await expect(page).toHaveURL(/\/blog$/);
});

test('on the browser extension page, in French', async ({ page }) => {
  await page.goto('/fr/browser-extension');
  const box = page.locator('[data-newsletter]');
  await box.getByRole('textbox', { name: 'Adresse e-mail' }).fill('lecteur@exemple.fr');
  await box.getByRole('button', { name: 'S’inscrire' }).click();
  await expect(box.getByRole('status')).toContainText('ne sont pas encore ouvertes');
});
