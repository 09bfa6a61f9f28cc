/**
 * The mock provider (SPEC §4 "Ad slot"): on a local development host every slot shows a box
 * of the slot's exact size reading "Mock ad · {platform} · {width}×{height}", loaded after
 * 200 ms, impression 500 ms later. No network request.
 */
import { type AdProvider, delay } from './types.ts';

export const MOCK_LOAD_MS = 200;
export const MOCK_IMPRESSION_MS = 500;

export function mockText(template: string, platform: string, width: number, height: number): string {
  return template
    .replaceAll('{{platform}}', platform)
    .replaceAll('{{width}}', String(width))
    .replaceAll('{{height}}', String(height));
}

export const mockProvider: AdProvider = {
  platform: 'mock',
  supports: (kind) => kind === 'banner',
  preload: async () => {},
  async render(container, slot, ctx, signal) {
    await delay(MOCK_LOAD_MS, signal);
    const { width, height } = slot.size;
    const box = ctx.doc.createElement('div');
    box.setAttribute('data-mock-ad', slot.platform);
    box.style.cssText = `width:${width}px;max-width:100%;height:${height}px;box-sizing:border-box;display:flex;align-items:center;justify-content:center;text-align:center;padding:4px;font:600 13px/1.3 system-ui,sans-serif;color:#334155;background:repeating-linear-gradient(45deg,#f1f5f9 0 10px,#e2e8f0 10px 20px);border:1px solid #cbd5e1;cursor:pointer`;
    box.textContent = mockText(slot.mockText, slot.platform, width, height);
    container.appendChild(box);
    return {
      element: box,
      size: { width, height },
      filled: Promise.resolve(true),
      impressionAfterMs: MOCK_IMPRESSION_MS,
      dispose: () => box.remove(),
    };
  },
};
