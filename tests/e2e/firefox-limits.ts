/**
 * What Playwright 1.65's WebDriver BiDi channel cannot do with Debian's Firefox ESR 153 (project
 * "firefox"). A test that needs one of these is skipped in Firefox only, with the reason below;
 * docs/firefox.md lists them. Each was checked against Playwright's BiDi code
 * (node_modules/playwright-core/lib/coreBundle.js) and Firefox's remote agent.
 */
export const FIREFOX_LIMITS = {
  /** Playwright's BiDi context ignores `javaScriptEnabled: false`, and Firefox ESR 153 has no emulation.setScriptingEnabled. */
  noJavaScriptOff:
    'Playwright-BiDi: javaScriptEnabled: false is ignored in Firefox (no emulation.setScriptingEnabled in Firefox ESR 153), so the page runs its scripts',
  /** `newCDPSession` (CPU throttling) exists only in Chromium. */
  noCdp: 'Playwright-BiDi: newCDPSession (DevTools protocol, used here for CPU throttling) exists only in Chromium',
  /**
   * Firefox ESR 153.8's web-content process dies (SIGSEGV in libxul, called from script) when an
   * axe-core scan runs in a page where Playwright has already looked elements up by accessible
   * name or label (getByLabel, getByRole with a name). Reproduced alone: getByLabel('Password')
   * on /admin/ad-dashboard, then axe's "region" rule, crashes every time; either alone does not.
   * Not avoided by JIT off, fission off, async stacks off, canvas/GPU prefs or the content
   * sandbox off. The scan runs in Chromium on the same markup.
   */
  axeCrash:
    'Firefox ESR 153 content process crashes (SIGSEGV) when axe-core scans a page after Playwright looked elements up by name/label; the axe scan runs in Chromium',
  /**
   * Not a Firefox limit: a choice for `npm test`'s time (under 60 min on 2 cores). Tests that read
   * only what the server sent and the text our own scripts render (titles, meta tags, headings,
   * which language a text is in) give the same answer in every engine; each costs Firefox 4-8 s a
   * page. They run in Chromium; Firefox runs every test that clicks, types, lays out or scrolls.
   */
  sameInEveryEngine:
    'Checks only server-sent HTML and rendered text, which no engine changes: run in Chromium only, to keep npm test under 60 min',
  /**
   * Not a Firefox limit: a choice for `npm test`'s time. The site's stylesheets have no breakpoint
   * above 1280 px (Tailwind's 2xl is unused; the widest media query is min-width: 1280px), so 1280
   * and 1440 px get the same layout, only wider margins. Where a spec checks both, Firefox checks
   * 1280 px; Chromium checks both.
   */
  oneDesktopWidth:
    'No breakpoint above 1280 px: 1440 px is the same layout as 1280 px, checked at 1280 px in Firefox and at both in Chromium, to keep npm test under 60 min',
  /**
   * Not a Firefox limit: a choice for `npm test`'s time. A walk of every route in each language
   * (about 60 s a language in Firefox) runs in Firefox in English and German, the unprefixed
   * language and the prefixed one with the longest words; Chromium walks all four.
   */
  twoLanguages:
    'Every route is walked in Firefox in en and de (unprefixed, and the longest words) and in Chromium in all four languages, to keep npm test under 60 min',
} as const;
