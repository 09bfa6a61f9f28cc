/**
 * Issue 33: typing a category's name in the header search box suggests the category itself, first
 * and under its own heading, not only five of its brands; accent-insensitive in every language;
 * the groups are named for screen readers and the arrows still walk every option in order.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './shopper-helpers.ts';

const CASES = [
  {
    lang: 'es',
    typed: 'electrónica',
    box: 'Buscar cupones, ofertas y marcas',
    list: 'Sugerencias de búsqueda',
    categories: 'Categorías',
    brands: 'Marcas',
    category: 'Electrónica',
  },
  {
    lang: 'es',
    typed: 'electronica',
    box: 'Buscar cupones, ofertas y marcas',
    list: 'Sugerencias de búsqueda',
    categories: 'Categorías',
    brands: 'Marcas',
    category: 'Electrónica',
  },
  {
    lang: 'de',
    typed: 'Elektronik',
    box: 'Gutscheine, Angebote und Marken durchsuchen',
    list: 'Suchvorschläge',
    categories: 'Kategorien',
    brands: 'Marken',
    category: 'Elektronik',
  },
] as const;

async function typeInHeaderBox(page: Page, name: string, text: string) {
  await page.locator('header input[name="q"]').first().click();
  await expect(page.getByRole('combobox', { name })).toBeFocused();
  await page.keyboard.type(text, { delay: 30 });
}

for (const c of CASES) {
  test(`/${c.lang}: "${c.typed}" suggests the category ${c.category} first, in its own group, then its brands`, async ({
    page,
  }) => {
    await page.goto(`/${c.lang}/about`);
    await typeInHeaderBox(page, c.box, c.typed);
    const list = page.getByRole('listbox', { name: c.list });
    const options = list.getByRole('option');
    await expect(options).toHaveCount(5);
    const categories = list.getByRole('group', { name: c.categories });
    await expect(categories.getByRole('option')).toHaveCount(1);
    await expect(categories.getByRole('option').first()).toContainText(c.category);
    await expect(list.getByRole('group', { name: c.brands }).getByRole('option')).toHaveCount(4);
    // The category's group comes first on screen and for the arrows.
    await expect(options.first()).toContainText(c.category);
    await expectNoSeriousA11yViolations(page, 'header');

    const combo = page.getByRole('combobox', { name: c.box });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    // Into the brands' group and back: the active option follows the order shown.
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(combo).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id')) ?? 'x');
    await page.keyboard.press('ArrowUp');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/${c.lang}/categories/electronics$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.category);
  });
}
