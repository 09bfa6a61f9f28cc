/** The header search box (combobox, suggestions, submit) and the search page (states, tabs, pagination). */
import { expect, type Page, test } from '@playwright/test';
import { FIREFOX_LIMITS } from './firefox-limits.ts';
import { expectNoSeriousA11yViolations, scriptRequests, tabTo, waitForPageSettled } from './shopper-helpers.ts';

const BOX_NAME = 'Search coupons, deals and brands';

/** The visible header search box (desktop layout), before or after the island takes over. */
function headerBox(page: Page) {
  return page.locator('header input[name="q"]').first();
}

async function typeInBox(page: Page, text: string) {
  const box = headerBox(page);
  await box.click();
  await expect(page.getByRole('combobox', { name: BOX_NAME })).toBeFocused();
  await page.keyboard.type(text);
}

function listbox(page: Page) {
  return page.getByRole('listbox', { name: 'Search suggestions' });
}

test.describe('search box', () => {
  test('adds no island JavaScript to the first load and loads it on first interaction', async ({ page }) => {
    const scripts = scriptRequests(page);
    await page.goto('/about');
    await waitForPageSettled(page);
    expect(scripts.filter((s) => /mount-search-box|client\./.test(s))).toEqual([]);
    await expect(page.getByRole('combobox', { name: BOX_NAME })).toHaveCount(0);
    await headerBox(page).focus();
    await expect(page.getByRole('combobox', { name: BOX_NAME })).toBeFocused();
    expect(scripts.some((s) => s.includes('mount-search-box'))).toBe(true);
  });

  test('keeps what was typed before it took over', async ({ page }) => {
    await page.goto('/about');
    await headerBox(page).click();
    await page.keyboard.type('co', { delay: 0 });
    await expect(page.getByRole('combobox', { name: BOX_NAME })).toHaveValue('co');
    await expect(listbox(page).getByRole('option')).toHaveCount(5);
  });

  test('on the search page, typing where the caret was put in the filled box stays there when it takes over', async ({
    page,
  }) => {
    await page.goto('/search?q=brickplay');
    const box = headerBox(page);
    await expect(box).toHaveValue('brickplay');
    await box.evaluate((el: HTMLInputElement) => el.setSelectionRange(0, 0));
    await box.focus();
    await page.keyboard.type('red ', { delay: 20 });
    await expect(page.getByRole('combobox', { name: BOX_NAME })).toHaveValue('red brickplay');
  });

  test('the box keeps its focus ring when the island takes over from the keyboard', async ({ page }) => {
    const combo = page.getByRole('combobox', { name: BOX_NAME });
    await page.goto('/about');
    await tabTo(page, headerBox(page));
    await expect(combo).toBeFocused();
    expect(await combo.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
  });

  test('1 character shows nothing, 2 show up to 5 suggestions with type, title and tag', async ({ page }) => {
    await page.goto('/about');
    await typeInBox(page, 'c');
    const combo = page.getByRole('combobox', { name: BOX_NAME });
    await page.waitForTimeout(700);
    await expect(listbox(page)).toBeHidden();
    await expect(combo).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.type('o');
    const options = listbox(page).getByRole('option');
    await expect(options).toHaveCount(5);
    await expect(combo).toHaveAttribute('aria-expanded', 'true');
    await expect(combo).toHaveAttribute('aria-controls', (await listbox(page).getAttribute('id')) ?? 'missing');
    await expect(options.first()).toContainText('Cozy Corner');
    await expect(options.first()).toContainText('Brand');
    await expect(options.nth(3)).toContainText('Electronics');
    await expect(options.nth(3)).toContainText('Category');
    await expectNoSeriousA11yViolations(page, 'header');
  });

  test('arrows move the active option and Enter chooses a brand', async ({ page }) => {
    await page.goto('/about');
    await typeInBox(page, 'co');
    const combo = page.getByRole('combobox', { name: BOX_NAME });
    const options = listbox(page).getByRole('option');
    await expect(options).toHaveCount(5);
    await page.keyboard.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(combo).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id')) ?? 'x');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/brands\/cozy-corner$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cozy Corner');
  });

  test('choosing a category goes to its page, in the page language', async ({ page }) => {
    await page.goto('/es/about');
    await headerBox(page).click();
    // The Spanish suggestions match the Spanish catalog text (issue 24): "tabletas" is in the
    // description of the category "Electrónica" (and in no brand's name or category).
    await page.keyboard.type('tabletas');
    const category = page
      .getByRole('listbox')
      .getByRole('option')
      .filter({ hasText: /Categoría$/ })
      .first();
    await expect(category).toContainText('Electrónica');
    await category.click();
    await expect(page).toHaveURL(/\/es\/categories\/electronics$/);
  });

  test('choosing a coupon runs a search for it', async ({ page }) => {
    await page.goto('/about');
    await typeInBox(page, 'sh');
    const coupon = listbox(page)
      .getByRole('option')
      .filter({ hasText: /Coupon$/ })
      .first();
    await expect(coupon).toContainText('Free Shipping on All Orders');
    await coupon.click();
    await expect(page).toHaveURL(/\/search\?q=Free\+Shipping\+on\+All\+Orders$/);
    await expect(page.getByRole('heading', { name: /results for Free Shipping on All Orders/ })).toBeVisible();
  });

  test('Escape closes, and so do a click outside and leaving the box', async ({ page }) => {
    await page.goto('/about');
    await typeInBox(page, 'co');
    const combo = page.getByRole('combobox', { name: BOX_NAME });
    await expect(listbox(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(listbox(page)).toBeHidden();
    await expect(combo).toHaveAttribute('aria-expanded', 'false');
    await expect(combo).toBeFocused();

    await page.keyboard.press('ArrowDown');
    await expect(listbox(page)).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(listbox(page)).toBeHidden();

    await combo.click();
    await page.keyboard.type('r');
    await expect(listbox(page)).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(listbox(page)).toBeHidden();
  });

  test('a blank query is neither submitted nor recorded', async ({ page }) => {
    const records: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/search/record')) records.push(r.url());
    });
    await page.goto('/about');
    await typeInBox(page, '   ');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(800);
    await expect(page).toHaveURL(/\/about$/);
    expect(records).toEqual([]);
  });

  // Static-data mode records nothing (no API): POST /search/record is an API-mode call
  // (tests/e2e/api-mode/search.spec.ts, records.spec.ts).
  test('submitting clears the box and opens the search page, recording nothing on a static site', async ({ page }) => {
    const bodies: unknown[] = [];
    await page.route('**/api/search/record', async (route) => {
      bodies.push(route.request().postDataJSON());
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true,"data":null}' });
    });
    await page.goto('/about');
    await typeInBox(page, '  laptops ');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=laptops$/);
    // The new page's boxes show the query whose results are on screen.
    await expect(page.locator('header input[name="q"]').first()).toHaveValue('laptops');
    expect(bodies).toEqual([]);
    await expect(page.getByRole('heading', { name: /results for laptops/ })).toBeVisible();
  });

  test('open suggestions at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/about');
    await page.locator('header input[name="q"]').nth(1).click();
    await page.keyboard.type('el');
    await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(5);
    const box = await page.getByRole('listbox').boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
  });
});

test.describe('search box without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test.skip(({ browserName }) => browserName === 'firefox', FIREFOX_LIMITS.noJavaScriptOff);
  test('is a plain form to the search page', async ({ page }) => {
    await page.goto('/es/about');
    await headerBox(page).fill('hotel');
    await headerBox(page).press('Enter');
    await expect(page).toHaveURL(/\/es\/search\?q=hotel$/);
    await expect(page.getByText('Activa JavaScript para ver los resultados')).toBeVisible();
  });
});

test.describe('search page', () => {
  test('without q: the prompt and trending terms that search', async ({ page }) => {
    await page.goto('/search');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search');
    await expect(page.getByRole('heading', { name: 'What are you looking for?' })).toBeVisible();
    const terms = page.locator('[data-state="prompt"] li a');
    const count = await terms.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(8);
    const first = (await terms.first().textContent()) ?? '';
    await terms.first().click();
    await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(first).replace(/%20/g, '\\+')}$`));
    await expect(page.getByRole('heading', { name: new RegExp(`results? for ${first}`) })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  for (const width of [375, 1280]) {
    test(`the query is in the page's and the header's search box (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/de/search?q=shoes');
      await expect(page.getByRole('heading', { name: /Ergebnisse? für „shoes“/ })).toBeVisible();
      const pageBox = page.getByRole('search', { name: 'Hauptsuche' }).locator('input[name="q"]');
      const headerBox = page.locator('header input[name="q"]:visible');
      await expect(pageBox).toHaveValue('shoes');
      // On a phone the search page shows one box (the header's row is hidden there).
      if (width < 768) await expect(headerBox).toHaveCount(0);
      else await expect(headerBox).toHaveValue('shoes');
      await page.screenshot({ path: `test-results/screens/search-q-de-${width}.png` });
      // The island takes over with the query still there.
      await pageBox.focus();
      await expect(page.getByRole('search', { name: 'Hauptsuche' }).getByRole('combobox')).toHaveValue('shoes');
    });
  }

  test('a trending term and back/forward put their query into the boxes', async ({ page }) => {
    await page.goto('/search');
    const pageBox = page.getByRole('search', { name: 'Main search' }).locator('input[name="q"]');
    await expect(pageBox).toHaveValue('');
    const term = page.locator('[data-state="prompt"] li a').first();
    const text = (await term.textContent()) ?? '';
    await term.click();
    await expect(page.getByRole('heading', { name: new RegExp(`results? for ${text}`) })).toBeVisible();
    await expect(pageBox).toHaveValue(text);
    await expect(headerBox(page)).toHaveValue(text);
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'What are you looking for?' })).toBeVisible();
    await expect(pageBox).toHaveValue('');
  });

  test('with q: total, tabs with counts, tab keys, pagination and page reset', async ({ page }) => {
    await page.goto('/search?q=off');
    await expect(page.getByRole('heading', { name: '123 results for off' })).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'Search results by type' }).getByRole('tab');
    await expect(tabs).toHaveText(['All123', 'Coupons75', 'Deals48', 'Brands0', 'Categories0']);
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toHaveAttribute(
      'aria-labelledby',
      (await tabs.first().getAttribute('id')) ?? 'x',
    );
    await expectNoSeriousA11yViolations(page);

    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(1)).toBeFocused();
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\?q=off&tab=coupons$/);
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByText('Page 1 of 4')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(panel.locator('article[data-coupon-id]')).toHaveCount(20);
    await panel.getByRole('button', { name: 'Next' }).click();
    await expect(panel.getByText('Page 2 of 4')).toBeVisible();
    await expect(page).toHaveURL(/\?q=off&tab=coupons&page=2$/);
    await panel.getByRole('button', { name: 'Next' }).click();
    await panel.getByRole('button', { name: 'Next' }).click();
    await expect(panel.getByText('Page 4 of 4')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(panel.locator('article[data-coupon-id]')).toHaveCount(15);

    // A tab change resets to page 1.
    await tabs.nth(2).click();
    await expect(page.getByRole('tabpanel').getByText('Page 1 of 3')).toBeVisible();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('tabpanel').getByText('Page 2 of 3')).toBeVisible();
    await tabs.nth(1).click();
    await expect(page.getByRole('tabpanel').getByText('Page 1 of 4')).toBeVisible();
    await page.keyboard.press('End');
    await expect(tabs.nth(4)).toHaveAttribute('aria-selected', 'true');
  });

  test('a page from the URL is kept; bad tab and page values fall back', async ({ page }) => {
    await page.goto('/search?q=off&tab=deals&page=3');
    await expect(page.getByRole('tabpanel').getByText('Page 3 of 3')).toBeVisible();
    await expect(page.getByRole('tab', { name: /Deals/ })).toHaveAttribute('aria-selected', 'true');
    await page.goto('/search?q=off&tab=nope&page=-2');
    await expect(page.getByRole('tab', { name: /All/ })).toHaveAttribute('aria-selected', 'true');
  });

  test('brands and categories tabs show grids linking to their pages', async ({ page }) => {
    await page.goto('/search?q=co');
    await page.getByRole('tab', { name: /Brands/ }).click();
    await expect(page.getByRole('tabpanel').getByRole('link', { name: /Cozy Corner/ })).toHaveAttribute(
      'href',
      '/brands/cozy-corner',
    );
    await page.getByRole('tab', { name: /Categories/ }).click();
    await expect(page.getByRole('tabpanel').getByRole('link', { name: /Electronics/ })).toHaveAttribute(
      'href',
      '/categories/electronics',
    );
  });

  test('coupons open the code modal and deals (title) the deal modal', async ({ page }) => {
    await page.goto('/search?q=off');
    await expect(page.getByRole('heading', { name: /results for off/ })).toBeVisible();
    await page.getByRole('button', { name: 'Get Code' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: /close/i }).first().click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('tab', { name: /Deals/ }).click();
    await page.getByRole('tabpanel').locator('[data-open-deal]').first().click();
    await expect(page.getByRole('dialog', { name: /Deal Offer/ })).toBeVisible();
  });

  test('"Searching..." while the search runs', async ({ page }) => {
    await page.route('**/data/search/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/search?q=laptops');
    await expect(page.getByRole('status').filter({ hasText: 'Searching...' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /results for laptops/ })).toBeVisible({ timeout: 10_000 });
  });

  test('no results: the message, a hint and Browse Categories', async ({ page }) => {
    await page.goto('/fr/search?q=zzzz');
    await expect(page.getByRole('heading', { name: 'Aucun résultat pour « zzzz »' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Parcourir les catégories' }).last()).toHaveAttribute(
      'href',
      '/fr/categories',
    );
    await page.goto('/search?q=zzzz');
    await expect(page.getByRole('heading', { name: 'No results found for zzzz' })).toBeVisible();
    await expect(page.getByText('Try other keywords')).toBeVisible();
    await page.getByRole('link', { name: 'Browse Categories' }).last().click();
    await expect(page).toHaveURL(/\/categories$/);
  });

  // Issue 33: the error shows only once the single automatic retry (SPEC §9) has failed too; until
  // then the page stays "Searching...", and the alert is announced once.
  for (const lang of [
    {
      path: '/search?q=laptops',
      title: 'Search Error',
      text: 'Failed to search. Please try again.',
      retry: 'Try Again',
      searching: 'Searching...',
      results: /results for laptops/,
    },
    {
      path: '/es/search?q=laptops',
      title: 'Error de búsqueda',
      text: 'No se pudo realizar la búsqueda. Inténtalo de nuevo.',
      retry: 'Reintentar',
      searching: 'Buscando...',
      results: /resultados? para «laptops»/,
    },
  ]) {
    test(`error: "${lang.title}" only after the automatic retry failed too, then ${lang.retry} (${lang.path})`, async ({
      page,
    }) => {
      // Every alert the page ever shows, as it appears (one entry per announcement).
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { __alerts: string[] }).__alerts = seen;
        new MutationObserver((records) => {
          for (const r of records) {
            for (const node of r.addedNodes) {
              if (!(node instanceof Element)) continue;
              const alerts = node.matches('[role="alert"]') ? [node] : [...node.querySelectorAll('[role="alert"]')];
              for (const a of alerts) seen.push(a.textContent ?? '');
            }
          }
        }).observe(document, { childList: true, subtree: true });
      });
      // The first request for each catalog file fails at once; the automatic retry asks for the
      // same files again, and those requests are held until the test lets them fail too.
      const seen = new Set<string>();
      const held: (() => void)[] = [];
      let released = false;
      const retryHeld = new Promise<void>((arrived) => {
        void page.route('**/data/**', async (route) => {
          const path = new URL(route.request().url()).pathname;
          if (seen.has(path) && !released) {
            arrived();
            await new Promise<void>((release) => held.push(release));
          }
          seen.add(path);
          await route.fulfill({ status: 500, body: 'boom' });
        });
      });
      await page.goto(lang.path);
      await retryHeld;
      // The retry is under way: still searching, no error on screen.
      await expect(page.getByRole('status').filter({ hasText: lang.searching })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      released = true;
      for (const release of held) release();
      const alert = page.getByRole('alert');
      await expect(alert).toContainText(lang.title);
      await expect(alert).toContainText(lang.text);
      expect(await page.evaluate(() => (window as unknown as { __alerts: string[] }).__alerts)).toEqual([
        expect.stringContaining(lang.title),
      ]);
      await expectNoSeriousA11yViolations(page);
      await page.unroute('**/data/**');
      await alert.getByRole('button', { name: lang.retry }).click();
      await expect(page.getByRole('heading', { name: lang.results })).toBeVisible();
    });
  }
});
