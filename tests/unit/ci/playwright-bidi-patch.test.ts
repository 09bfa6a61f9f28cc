/**
 * The patch that lets Playwright's WebDriver BiDi channel drive Debian's Firefox ESR
 * (scripts/lib/browser/playwright-bidi-patch.ts): on a copy of Playwright's two call sites, and on
 * the installed Playwright with the real Firefox ESR.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firefox } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { firefoxPath, hasFirefox } from '../../../scripts/lib/browser/firefox.ts';
import {
  applyPlaywrightBidiPatch,
  bundlePath,
  MARKER,
  patchSource,
} from '../../../scripts/lib/browser/playwright-bidi-patch.ts';

/** The two methods as playwright-core 1.65's bundle has them (BidiPage, BidiBrowserContext). */
const PLAYWRIGHT_SOURCE = `"use strict";
var __create = Object.create;
class BidiPage {
      async updateEmulateMedia() {
        const features = this._page.emulatedMedia();
        const colorScheme = features.colorScheme === "no-override" ? null : features.colorScheme === "no-preference" ? void 0 : features.colorScheme;
        await this._session.send("emulation.setMediaFeaturesOverride", {
          features: { "prefers-color-scheme": colorScheme },
          contexts: [this._session.sessionId, ...this._session._browsingContexts]
        });
      }
}
class BidiBrowserContext {
      async doUpdateDefaultEmulatedMedia() {
        const features = this._options;
        const colorScheme = features.colorScheme === "no-override" ? null : features.colorScheme === "no-preference" ? void 0 : features.colorScheme;
        await this._browser._browserSession.send("emulation.setMediaFeaturesOverride", {
          features: { "prefers-color-scheme": colorScheme },
          userContexts: [this._userContextId()]
        });
      }
}
return { BidiPage, BidiBrowserContext };
`;

type Send = (method: string, params: unknown) => Promise<unknown>;
interface Loaded {
  BidiPage: new () => { _page: unknown; _session: unknown; updateEmulateMedia(): Promise<void> };
  BidiBrowserContext: new () => {
    _options: unknown;
    _browser: unknown;
    _userContextId(): string;
    doUpdateDefaultEmulatedMedia(): Promise<void>;
  };
}
const load = (source: string) => new Function(source)() as Loaded;

/** A page and a context of the patched code whose browser answers every command with `send`. */
function patched(colorScheme: string | undefined, send: Send) {
  const { BidiPage, BidiBrowserContext } = load(patchSource(PLAYWRIGHT_SOURCE).source);
  const page = new BidiPage();
  page._page = { emulatedMedia: () => ({ colorScheme }) };
  page._session = { send, sessionId: 'ctx', _browsingContexts: [] };
  const context = new BidiBrowserContext();
  context._options = { colorScheme };
  context._browser = { _browserSession: { send } };
  context._userContextId = () => 'user';
  return { page, context };
}
const unknownCommand: Send = async (method) => {
  throw new Error(`Protocol error (${method}): unknown command`);
};

describe('patchSource', () => {
  it('lets a page and a context start in a browser without the command when nothing is emulated', async () => {
    for (const scheme of [undefined, 'no-override']) {
      const { page, context } = patched(scheme, unknownCommand);
      await expect(context.doUpdateDefaultEmulatedMedia()).resolves.toBeUndefined();
      await expect(page.updateEmulateMedia()).resolves.toBeUndefined();
    }
  });

  it('still fails when a colour scheme is asked for, since Firefox ESR cannot emulate it', async () => {
    for (const scheme of ['dark', 'light', 'no-preference']) {
      const { page, context } = patched(scheme, unknownCommand);
      await expect(context.doUpdateDefaultEmulatedMedia()).rejects.toThrow('unknown command');
      await expect(page.updateEmulateMedia()).rejects.toThrow('unknown command');
    }
  });

  it('never hides another error', async () => {
    const { page, context } = patched(undefined, async () => {
      throw new Error('Protocol error (emulation.setMediaFeaturesOverride): invalid argument');
    });
    await expect(context.doUpdateDefaultEmulatedMedia()).rejects.toThrow('invalid argument');
    await expect(page.updateEmulateMedia()).rejects.toThrow('invalid argument');
  });

  it('sends the same command with the same parameters as before', async () => {
    const sent: [string, unknown][] = [];
    const { page, context } = patched('dark', async (method, params) => {
      sent.push([method, params]);
      return {};
    });
    await context.doUpdateDefaultEmulatedMedia();
    await page.updateEmulateMedia();
    expect(sent).toEqual([
      ['emulation.setMediaFeaturesOverride', { features: { 'prefers-color-scheme': 'dark' }, userContexts: ['user'] }],
      ['emulation.setMediaFeaturesOverride', { features: { 'prefers-color-scheme': 'dark' }, contexts: ['ctx'] }],
    ]);
  });

  it('patches once: a second run changes nothing', () => {
    const once = patchSource(PLAYWRIGHT_SOURCE);
    expect(once.result).toBe('patched');
    expect(once.source.startsWith(`"use strict";\n${MARKER}`)).toBe(true);
    const twice = patchSource(once.source);
    expect(twice).toEqual({ source: once.source, result: 'already patched' });
  });

  it('says which call it cannot find when Playwright changed, and changes nothing', () => {
    const moved = PLAYWRIGHT_SOURCE.replace('this._session.send("emulation', 'this._session.call("emulation');
    expect(() => patchSource(moved)).toThrow(/page \(updateEmulateMedia\).*not where it was.*found none/);
  });
});

describe('applyPlaywrightBidiPatch', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bidi-patch-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('rewrites the file in place once, and reports an already patched file', () => {
    const file = join(dir, 'coreBundle.js');
    writeFileSync(file, PLAYWRIGHT_SOURCE);
    expect(applyPlaywrightBidiPatch(file)).toBe('patched');
    const after = readFileSync(file, 'utf8');
    expect(after).toBe(patchSource(PLAYWRIGHT_SOURCE).source);
    expect(applyPlaywrightBidiPatch(file)).toBe('already patched');
    expect(readFileSync(file, 'utf8')).toBe(after);
  });
});

describe.skipIf(!hasFirefox())(`the installed Playwright with ${firefoxPath()}`, () => {
  it('is patched by npm install, and creates contexts and pages in Firefox ESR; a colour scheme still fails', async () => {
    expect(readFileSync(bundlePath(), 'utf8')).toContain(MARKER);
    const browser = await firefox.launch({ channel: 'moz-firefox', executablePath: firefoxPath() });
    try {
      const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
      const page = await context.newPage();
      await page.setContent('<h1>Firefox</h1>');
      expect(await page.textContent('h1')).toBe('Firefox');
      await expect(page.emulateMedia({ colorScheme: 'dark' })).rejects.toThrow(/unknown command/);
      await expect(browser.newContext({ colorScheme: 'dark' })).rejects.toThrow(/unknown command/);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
