/**
 * The code modal's ad box (React): a box of the banner's exact size, labelled
 * "Advertisement", reserved before any ad code runs so nothing shifts. On mount it loads the
 * ad runtime (a separate chunk, first need) and lets it fill the box: a decision picks the
 * platform; on failure adsense → adsterra, banner first then the generic ad; when all fail the
 * box stays empty at its height until the modal closes. Mock ads on local hosts.
 */
import { useEffect, useRef, useState } from 'react';
import type { BannerSize } from '../../ads/modal-placement.ts';
import type { CreativeTexts } from '../../ads/providers/creatives.ts';
import { loadAdRuntime } from '../../stores/ad-code.ts';

export type AdSlotProps = {
  size: BannerSize;
  /** "modal-top" or "modal-bottom". */
  position: 'modal-top' | 'modal-bottom';
  /** Translated "Advertisement". */
  label: string;
  /** Translated "Ad temporarily unavailable", "Mock ad · {{platform}} · {{width}}×{{height}}" and the first-party creatives' texts. */
  texts: { unavailable: string; mock: string } & Partial<CreativeTexts>;
  /** Direct-campaign targeting: the coupon's brand and category slugs. */
  target?: { brand?: string | undefined; category?: string | undefined };
  className?: string;
};

/** The label line (11 px text, 16 px line, 4 px gap). */
const LABEL_HEIGHT = 20;

export function AdSlot({ size, position, label, texts, target, className = '' }: AdSlotProps) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState('waiting');
  const { width, height } = size;
  const { unavailable, mock, sponsored, textCta, amazonDisclosure, amazonCta } = texts;
  const brand = target?.brand;
  const category = target?.category;

  useEffect(() => {
    let handle: { destroy(): void } | undefined;
    let live = true;
    loadAdRuntime()
      .then((m) => {
        if (!live || !box.current) return;
        handle = m.mountAdSlot(box.current, {
          position,
          size: { width, height },
          kinds: ['banner', 'generic'],
          texts: { unavailable, mock, sponsored, textCta, amazonDisclosure, amazonCta },
          target: { brand, category },
          onFail: 'nothing',
          onState: setState,
        });
      })
      .catch((err) => {
        // Blocked or failed ad code: the reserved box simply stays empty.
        console.warn('Ad code could not be loaded', err);
        if (live) setState('failed');
      });
    return () => {
      live = false;
      handle?.destroy();
    };
  }, [position, width, height, unavailable, mock, sponsored, textCta, amazonDisclosure, amazonCta, brand, category]);

  // The reserved height sits on neutral wrappers: when a blocker's filter hides the ad-named
  // element inside, the space stays and nothing in the modal moves.
  return (
    <div className={className}>
      <div className="flex justify-center" style={{ minHeight: height + LABEL_HEIGHT }}>
        <div
          className="flex w-full flex-col items-center"
          data-ad-position={position}
          data-ad-size={`${width}x${height}`}
        >
          <span className="mb-1 text-[11px] uppercase leading-4 tracking-wide text-muted">{label}</span>
          <div
            ref={box}
            data-ad-container=""
            data-ad-state={state}
            className="flex w-full items-center justify-center overflow-hidden"
            style={{ height, maxWidth: width }}
          />
        </div>
      </div>
    </div>
  );
}
