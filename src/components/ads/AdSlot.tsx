/**
 * The seam for ads (the ad layer fills it later): a box of the banner's exact size, labelled
 * "Advertisement", reserved before any ad script runs so nothing shifts. It holds an empty
 * container marked with the platform, position and size; if no ad script is present (or a
 * blocker removes it) the reserved, labelled box simply stays empty.
 */
import type { BannerSize } from '../../ads/modal-placement.ts';

export type AdSlotProps = {
  size: BannerSize;
  /** e.g. "modal-top", "modal-bottom". */
  position: string;
  /** Translated "Advertisement". */
  label: string;
  platform?: string;
  className?: string;
};

export function AdSlot({ size, position, label, platform, className = '' }: AdSlotProps) {
  return (
    <div
      className={`mx-auto flex w-full flex-col items-center ${className}`}
      data-ad-slot={position}
      data-ad-size={`${size.width}x${size.height}`}
      style={{ maxWidth: size.width }}
    >
      <span className="mb-1 text-[11px] uppercase tracking-wide text-muted">{label}</span>
      <div
        data-ad-container=""
        data-ad-platform={platform}
        className="w-full overflow-hidden rounded border border-dashed border-line bg-page"
        style={{ height: size.height, maxWidth: size.width }}
      />
    </div>
  );
}
