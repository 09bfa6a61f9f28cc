/**
 * A general modal (SPEC §2 "Info modal"): a title, sizes sm/md/lg/xl, page scroll locked
 * while open, optional close on Escape, and an optional ad above or below the content.
 */
import { type ReactNode, useId } from 'react';
import { BANNER_300X250, type BannerSize } from '../../ads/modal-placement.ts';
import { AdSlot } from '../ads/AdSlot.tsx';
import { CloseButton, ModalFrame, type ModalSize } from './ModalFrame.tsx';

export type InfoModalProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  size?: ModalSize;
  /** Escape closes (default true). */
  closeOnEscape?: boolean;
  closeOnBackdrop?: boolean;
  /** Where an ad goes, if any. */
  ad?: {
    position: 'above' | 'below';
    size?: BannerSize;
    label: string;
    /** Translated ads:unavailable and ads:mock. */
    texts: { unavailable: string; mock: string };
  } | null;
  closeLabel: string;
  children: ReactNode;
};

export function InfoModal({
  open,
  onClose,
  title,
  size = 'md',
  closeOnEscape = true,
  closeOnBackdrop = true,
  ad = null,
  closeLabel,
  children,
}: InfoModalProps) {
  const id = useId();
  if (!open || typeof document === 'undefined') return null;
  const slot = (where: 'above' | 'below') =>
    ad?.position === where ? (
      <AdSlot
        size={ad.size ?? BANNER_300X250}
        position={where === 'above' ? 'modal-top' : 'modal-bottom'}
        label={ad.label}
        texts={ad.texts}
        className={where === 'above' ? 'mb-4' : 'mt-4'}
      />
    ) : null;
  return (
    <ModalFrame
      labelledBy={id}
      onClose={onClose}
      size={size}
      closeOnEscape={closeOnEscape}
      closeOnBackdrop={closeOnBackdrop}
      testId="info-modal"
    >
      <CloseButton label={closeLabel} onClick={onClose} />
      <div className="p-5 sm:p-6">
        <h2 id={id} className="pr-10 text-lg font-bold text-ink">
          {title}
        </h2>
        <div className="mt-4">
          {slot('above')}
          <div className="text-sm text-ink">{children}</div>
          {slot('below')}
        </div>
      </div>
    </ModalFrame>
  );
}
