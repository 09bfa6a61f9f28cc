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
} as const;
