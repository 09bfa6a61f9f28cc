/**
 * Lets Playwright's WebDriver BiDi Firefox channel (`channel: 'moz-firefox'`) drive Debian's
 * Firefox ESR. Playwright (1.65) sends `emulation.setMediaFeaturesOverride` whenever it creates a
 * context or page, even when no media feature is emulated; Firefox ESR 153 does not implement that
 * command and answers "unknown command", so every `browser.newContext()` fails.
 *
 * The patch wraps those two calls in Playwright's bundled BiDi code: the error is ignored only when
 * it is exactly "unknown command" AND nothing is being emulated (no `colorScheme` asked for). A test
 * that asks for a colour scheme, and any other error, still fails as before. It is idempotent
 * (a marker comment), applied by `npm install` (postinstall) and again by playwright.config.ts, and
 * checked by tests/unit/scripts/playwright-bidi-patch.test.ts.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const MARKER = '/* coupon-front: bidi media override patch v1 */';

/** Playwright's own code at the two call sites, as in playwright-core 1.65. */
const SITES = [
  {
    name: 'page (updateEmulateMedia)',
    before: 'await this._session.send("emulation.setMediaFeaturesOverride", {',
    after: `${MARKER} await __cfMediaOverride(features.colorScheme, () => this._session.send("emulation.setMediaFeaturesOverride", {`,
  },
  {
    name: 'context (doUpdateDefaultEmulatedMedia)',
    before: 'await this._browser._browserSession.send("emulation.setMediaFeaturesOverride", {',
    after: `${MARKER} await __cfMediaOverride(features.colorScheme, () => this._browser._browserSession.send("emulation.setMediaFeaturesOverride", {`,
  },
] as const;

/**
 * The helper the patched calls use: added once at the top of the bundle. `colorScheme` is the
 * context's or page's option as the test gave it (undefined, null or 'no-override': nothing emulated).
 */
export const HELPER = `${MARKER}
async function __cfMediaOverride(colorScheme, send) {
  try {
    return await send();
  } catch (error) {
    const unknown = error instanceof Error && /\\bunknown command\\b/.test(error.message);
    if (unknown && (colorScheme === undefined || colorScheme === null || colorScheme === 'no-override')) return undefined;
    throw error;
  }
}
`;

export type PatchResult = 'patched' | 'already patched';

/**
 * Rewrites Playwright's bundle source. Each call site is `send("…", {…});` spread over a few lines
 * ending in `});`: the first `});` after it is closed with an extra `)` for the wrapper.
 */
export function patchSource(source: string): { source: string; result: PatchResult } {
  if (source.includes(MARKER)) return { source, result: 'already patched' };
  let out = source;
  for (const site of SITES) {
    const start = out.indexOf(site.before);
    if (start < 0 || out.indexOf(site.before, start + 1) >= 0) {
      throw new Error(
        `playwright-bidi-patch: the ${site.name} call to emulation.setMediaFeaturesOverride is not where it was in ` +
          'playwright-core 1.65 (found ' +
          (start < 0 ? 'none' : 'several') +
          '). Check whether this Playwright version still needs the patch (scripts/lib/browser/playwright-bidi-patch.ts).',
      );
    }
    const end = out.indexOf('});', start);
    if (end < 0) throw new Error(`playwright-bidi-patch: no end to the ${site.name} call`);
    out = `${out.slice(0, start)}${site.after}${out.slice(start + site.before.length, end)}}));${out.slice(end + 3)}`;
  }
  // After a "use strict" prologue if there is one, so the helper lives in the bundle's scope.
  const strict = out.match(/^(#![^\n]*\n)?\s*["']use strict["'];?\n/);
  const at = strict ? strict[0].length : 0;
  out = `${out.slice(0, at)}${HELPER}${out.slice(at)}`;
  return { source: out, result: 'patched' };
}

/** The installed playwright-core bundle that holds the BiDi code. */
export function bundlePath(from = process.cwd()): string {
  const require = createRequire(join(from, 'package.json'));
  return join(dirname(require.resolve('playwright-core/package.json')), 'lib', 'coreBundle.js');
}

/** Patches the installed bundle in place (atomically), once. */
export function applyPlaywrightBidiPatch(file = bundlePath()): PatchResult {
  const original = readFileSync(file, 'utf8');
  const { source, result } = patchSource(original);
  if (result === 'patched') {
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, source);
    renameSync(tmp, file);
  }
  return result;
}
