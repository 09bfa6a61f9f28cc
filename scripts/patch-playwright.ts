/**
 * `npm install` runs this (postinstall): makes Playwright's WebDriver BiDi Firefox channel work
 * with Debian's Firefox ESR (see scripts/lib/browser/playwright-bidi-patch.ts). Idempotent.
 */
import { applyPlaywrightBidiPatch, bundlePath } from './lib/browser/playwright-bidi-patch.ts';

try {
  const file = bundlePath();
  console.log(`playwright-bidi-patch: ${applyPlaywrightBidiPatch(file)} (${file})`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
