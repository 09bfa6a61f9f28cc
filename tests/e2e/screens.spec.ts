import { expect, type Locator, type Page, test } from '@playwright/test';
import { NO_CONSENT } from './ads/helpers.ts';
import { tabTo, waitForIslands } from './shopper-helpers.ts';

/**
 * Layout corrections of issue 23, measured the way a visitor would notice them: a focus ring that
 * stands out, names that are not cut or broken mid-word, one search box, a banner that leaves the
 * page visible, figures that read as numbers, space between blocks, a wide table that says it
 * scrolls. Long catalog names at 375 px: hostile/screens.spec.ts.
 */

const LANGS = ['en', 'es', 'fr', 'de'] as const;
const prefix = (lang: string) => (lang === 'en' ? '' : `/${lang}`);

/** WCAG 2 contrast ratio of two CSS rgb()/rgba() colours (alpha ignored: both are opaque here). */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (bl ?? 0);
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

/** The focused field's ring: outline style, width and colour, and the colour behind the field. */
async function ringOf(field: Locator) {
  return field.evaluate((el) => {
    const cs = getComputedStyle(el);
    let behind = 'rgb(255, 255, 255)';
    for (let a = el.parentElement; a; a = a.parentElement) {
      const bg = getComputedStyle(a).backgroundColor;
      if (bg && bg !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(bg)) {
        behind = bg;
        break;
      }
    }
    return {
      focusVisible: el.matches(':focus-visible'),
      style: cs.outlineStyle,
      width: Number.parseFloat(cs.outlineWidth),
      color: cs.outlineColor,
      behind,
    };
  });
}

test.describe('keyboard focus on form fields', () => {
  const PAGES: { path: string; fields: (page: Page) => Locator[]; settled?: (page: Page) => Promise<void> }[] = [
    {
      path: '/coupons',
      fields: (page) => [
        page.getByLabel('Search coupons', { exact: true }),
        page.getByLabel('Category', { exact: true }),
        page.getByLabel('Brand', { exact: true }),
        page.getByLabel('Sort by', { exact: true }),
      ],
    },
    { path: '/deals', fields: (page) => [page.locator('main select').first()] },
    { path: '/brands', fields: (page) => [page.locator('main input').first(), page.locator('main select').first()] },
    {
      path: '/',
      fields: (page) => [page.locator('header input[name="q"]:visible').first(), page.locator('header select')],
      // The search box's island takes over on first focus: the ring must be on its input, which has
      // kept the focus, not only on the pre-rendered one it replaced.
      settled: (page) => expect(page.locator('header [role="combobox"]:visible')).toBeVisible(),
    },
  ];
  for (const { path, fields, settled } of PAGES) {
    test(`fields on ${path} show a 3:1 focus ring, like the buttons`, async ({ page }) => {
      await page.goto(path);
      await waitForIslands(page);
      for (const field of fields(page)) {
        await tabTo(page, field);
        await settled?.(page);
        const ring = await ringOf(field);
        const name = await field.evaluate((el) => el.getAttribute('aria-label') ?? el.id ?? el.tagName);
        expect(ring.focusVisible, name).toBe(true);
        expect(ring.style, `${name}: outline style`).not.toBe('none');
        expect(ring.width, `${name}: outline width`).toBeGreaterThanOrEqual(2);
        expect(contrast(ring.color, ring.behind), `${name}: ${ring.color} on ${ring.behind}`).toBeGreaterThanOrEqual(3);
      }
    });
  }
});

/** Texts cut with an ellipsis (text-overflow) that do not fit their box. */
async function cutTexts(page: Page): Promise<string[]> {
  return page.locator('main').evaluate((main) =>
    [...main.querySelectorAll<HTMLElement>('*')]
      .filter((el) => {
        const cs = getComputedStyle(el);
        return cs.textOverflow === 'ellipsis' && el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1;
      })
      .map((el) => el.textContent?.trim() ?? ''),
  );
}

/** Words in `root` laid out over two lines (broken inside the word, not at a hyphen or slash). */
async function brokenWords(root: Locator): Promise<string[]> {
  return root.evaluate((el) => {
    const out: string[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent ?? '';
      for (const m of text.matchAll(/[^\s\-/–]+/g)) {
        const range = document.createRange();
        range.setStart(n, m.index);
        range.setEnd(n, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) out.push(m[0]);
      }
    }
    return out;
  });
}

test.describe('names are shown whole', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  for (const lang of LANGS) {
    test(`no cut names on the coupons, deals and brands pages at 1280 px in ${lang}`, async ({ page }) => {
      for (const path of ['/coupons', '/deals', '/brands']) {
        await page.goto(`${prefix(lang)}${path}`);
        await waitForIslands(page);
        await expect(page.locator('main article, main [data-brand-grid] a, main li a').first()).toBeVisible();
        expect(await cutTexts(page), `${lang}${path}`).toEqual([]);
      }
    });

    test(`the header search placeholder fits at 1280 px in ${lang}`, async ({ page }) => {
      await page.goto(prefix(lang) || '/');
      const input = page.locator('header input[name="q"]').first();
      await expect(input).toBeVisible();
      const fit = await input.evaluate((el: HTMLInputElement) => {
        const cs = getComputedStyle(el);
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = cs.font;
        const room = el.clientWidth - Number.parseFloat(cs.paddingLeft) - Number.parseFloat(cs.paddingRight);
        return { text: el.placeholder, need: Math.ceil(ctx.measureText(el.placeholder).width), room };
      });
      expect(fit.need, `"${fit.text}" needs ${fit.need} px, has ${fit.room} px`).toBeLessThanOrEqual(fit.room);
    });
  }

  for (const width of [360, 375]) {
    for (const lang of ['en', 'de']) {
      test(`category and brand names on the home page break only between words at ${width} px in ${lang}`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(prefix(lang) || '/');
        await waitForIslands(page);
        const categories = page.locator('[data-category]');
        await expect(categories.first()).toBeVisible();
        expect(await brokenWords(page.locator('main'))).toEqual([]);
        expect(await cutTexts(page)).toEqual([]);
      });
    }
  }
});

test('the search page shows one search box on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/search?q=shoes');
  await waitForIslands(page);
  const boxes = page.locator('input[type="search"]:visible');
  await expect(boxes).toHaveCount(1);
  await expect(page.getByRole('search', { name: /.+/ }).filter({ has: boxes })).toBeVisible();
  // Wider screens keep the header box as everywhere else.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.locator('header input[type="search"]:visible')).toHaveCount(1);
});

test.describe('consent banner on a small phone', () => {
  test.use({ storageState: NO_CONSENT, viewport: { width: 360, height: 640 } });
  for (const lang of LANGS) {
    test(`covers at most 45% of a 360x640 screen, with both choices whole, in ${lang}`, async ({ page }) => {
      await page.goto(prefix(lang) || '/');
      const banner = page.locator('[data-consent-banner]');
      await expect(banner).toBeVisible();
      const box = await banner.boundingBox();
      expect(box, 'banner box').not.toBeNull();
      expect((box?.height ?? 640) / 640, `banner height ${box?.height}px of 640`).toBeLessThanOrEqual(0.45);
      for (const choice of await banner.locator('[data-consent-choice]').all()) {
        await expect(choice).toBeInViewport({ ratio: 1 });
        // One line each: the label is not wrapped inside the button.
        const lines = await choice.evaluate((el) => {
          const r = document.createRange();
          r.selectNodeContents(el);
          return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size;
        });
        expect(lines, (await choice.textContent()) ?? '').toBe(1);
      }
    });
  }
});

test.describe('spacing', () => {
  /** Vertical gaps between the consecutive blocks of a content page. */
  async function blockGaps(page: Page) {
    return page.locator('.content-blocks').evaluate((el) => {
      const kids = [...el.children].filter((k) => (k as HTMLElement).offsetHeight > 0);
      return kids.slice(1).map((k, i) => ({
        between: `${kids[i]?.className.toString().slice(0, 30)} / ${k.className.toString().slice(0, 30)}`,
        gap: Math.round(k.getBoundingClientRect().top - (kids[i]?.getBoundingClientRect().bottom ?? 0)),
      }));
    });
  }
  for (const path of ['/contact', '/help', '/cookie-policy', '/de/contact']) {
    test(`blocks of ${path} are apart`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(path);
      const gaps = await blockGaps(page);
      expect(gaps.length).toBeGreaterThan(0);
      for (const g of gaps) expect(g.gap, g.between).toBeGreaterThanOrEqual(16);
    });
  }

  for (const path of ['/admin/ad-dashboard', '/test/modal-ad', '/test/adsterra']) {
    test(`${path}: content starts below the heading band, not against it`, async ({ page }) => {
      await page.goto(path);
      await waitForIslands(page);
      const band = await page.locator('main > div').first().boundingBox();
      const content = await page
        .locator('main > div')
        .nth(1)
        .evaluate((el) => {
          const first = [...el.querySelectorAll('*')].find((e) => (e as HTMLElement).offsetHeight > 0);
          return first ? first.getBoundingClientRect().top + window.scrollY : 0;
        });
      expect(content - ((band?.y ?? 0) + (band?.height ?? 0))).toBeGreaterThanOrEqual(16);
    });
  }

  for (const [lang, width] of [
    ['en', 360],
    ['en', 375],
    ['de', 360],
    ['de', 375],
  ] as const) {
    test(`the blog breadcrumb keeps each "/" with its crumb at ${width} px in ${lang}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 740 });
      await page.goto(`${prefix(lang)}/blog`);
      const posts = [
        ...new Set(
          await page
            .locator('main article a[href*="/blog/"]:not([href*="/topic/"])')
            .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? '')),
        ),
      ];
      expect(posts.length).toBeGreaterThan(0);
      for (const post of posts) {
        await page.goto(post);
        const crumbs = page
          .getByRole('navigation', { name: /.+/ })
          .filter({ has: page.locator('[aria-current="page"]') });
        await expect(crumbs.first()).toBeVisible();
        // Each "/" is on the line of its crumb's first letter (not alone beside a wrapped crumb or at
        // a line end), and a wrapped crumb continues at the start of the line, like a sentence.
        const lone = await crumbs.first().evaluate((nav) =>
          [...nav.querySelectorAll('[aria-hidden="true"]')]
            .filter((sep) => {
              const crumb = sep.nextElementSibling?.firstChild;
              if (!crumb) return true;
              const first = document.createRange();
              first.setStart(crumb, 0);
              first.setEnd(crumb, 1);
              return Math.abs(sep.getBoundingClientRect().bottom - first.getBoundingClientRect().bottom) > 2;
            })
            .map((sep) => sep.nextElementSibling?.textContent),
        );
        expect(lone, post).toEqual([]);
      }
    });
  }
});

test('the modal-ad results table scrolls sideways on a phone, in a named region with a visible cue', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/test/modal-ad');
  await waitForIslands(page);
  await page.locator('[data-scenario]').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: /close/i }).first().click();
  const region = page.locator('section[tabindex="0"]').filter({ has: page.locator('[data-runs]') });
  await expect(region.locator('table')).toBeVisible();
  const m = await region.evaluate((el) => ({
    scrolls: el.scrollWidth > el.clientWidth,
    overflowX: getComputedStyle(el).overflowX,
    tabIndex: (el as HTMLElement).tabIndex,
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  }));
  expect(m).toMatchObject({ scrolls: true, overflowX: 'auto', tabIndex: 0, page: 0 });

  // The cue, seen with the table's text hidden (its size kept): a shadow at the edge with more to
  // see. At the start the right edge is shaded and the left one plain; at the end the right is plain.
  await region.locator('table').evaluate((el) => {
    (el as HTMLElement).style.visibility = 'hidden';
  });
  await region.scrollIntoViewIfNeeded();
  const edge = async (side: 'left' | 'right') => {
    const box = (await region.boundingBox())!;
    const x = side === 'right' ? box.x + box.width - 4 : box.x + 1;
    return (await page.screenshot({ clip: { x, y: box.y + box.height / 2, width: 3, height: 2 } })).toString('base64');
  };
  const plainLeft = await edge('left');
  expect(await edge('right'), 'a shadow at the right edge').not.toBe(plainLeft);
  await region.evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
  await expect.poll(() => edge('right'), 'no shadow at the right edge once scrolled to the end').toBe(plainLeft);
  expect(await edge('left'), 'a shadow at the left edge').not.toBe(plainLeft);
});
