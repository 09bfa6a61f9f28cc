// @vitest-environment happy-dom
// @vitest-environment-options { "settings": { "disableJavaScriptFileLoading": true, "handleDisabledFileLoadingAsSuccess": true } }
import { CmpApi } from '@iabtechlabtcf/cmpapi';
import { describe, expect, it, vi } from 'vitest';
import type { ConsentState } from '../../../src/ads/core/consent.ts';
import { startTcf } from '../../../src/ads/tcf-runtime.ts';
import { tcStringWith } from './tcf-fixture.ts';

describe('consent mode tcf in the browser', () => {
  it('installs the stub, loads the configured CMP and follows its answers (a stand-in CMP built with @iabtechlabtcf/cmpapi)', async () => {
    const states: ConsentState[] = [];
    const stop = startTcf({
      cmpScriptUrl: 'https://cmp.example.com/tcf/cmp.js',
      win: window as unknown as Window,
      onState: (s) => states.push(s),
    });
    expect(typeof (window as unknown as { __tcfapi: unknown }).__tcfapi).toBe('function');
    const tag = document.head.querySelector('script[src="https://cmp.example.com/tcf/cmp.js"]');
    expect(tag?.getAttribute('src')).toBe('https://cmp.example.com/tcf/cmp.js');
    expect(states).toEqual([]);

    // "The CMP's script runs": it takes over __tcfapi and answers the queued listener.
    const cmp = new CmpApi(300, 1, false);
    cmp.update(tcStringWith([1, 2, 3, 4]), false);
    await vi.waitFor(() =>
      expect(states.at(-1)).toMatchObject({ status: 'granted', personalized: true, source: 'tcf' }),
    );
    // The visitor changes their mind in the CMP.
    cmp.update(tcStringWith([]), true);
    cmp.update(tcStringWith([]), false);
    await vi.waitFor(() => expect(states.at(-1)).toMatchObject({ status: 'denied', personalized: false }));
    stop();
  });
});
