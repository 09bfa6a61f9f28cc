/**
 * The "Deal Offer" modal (SPEC §2 "Deals page"): brand logo and name, title, discount badge,
 * sale price with the struck-through original price, and "Get Deal", which opens the tracking
 * url (or the origin url) in a new tab without opener or referrer, records the click and closes.
 */
import type { TFunction } from 'i18next';
import { useRef } from 'react';
import type { Deal } from '../../catalog/schemas.ts';
import { dealUrl } from '../../shopper-actions/outbound.ts';
import { visitDeal } from '../../stores/modal-actions.ts';
import { BrandLogo } from '../coupons/BrandLogo.tsx';
import { discountLabel } from '../coupons/format.ts';
import { DealImage, DealPrice } from '../deals/DealCard.tsx';
import { CloseButton, ModalFrame } from './ModalFrame.tsx';

export type DealModalProps = {
  deal: Deal;
  t: TFunction;
  lang: string;
  onClose: () => void;
  closeOnlyByButton?: boolean;
};

export function DealModal({ deal, t, lang, onClose, closeOnlyByButton = true }: DealModalProps) {
  const button = useRef<HTMLButtonElement>(null);
  /** Rapid presses (issue 16): one tab and one click call; the modal is closing anyway. */
  const done = useRef(false);
  const url = dealUrl(deal);
  const headingId = `deal-modal-title-${deal.id}`;

  function getDeal() {
    if (done.current) return;
    done.current = true;
    visitDeal(deal);
    onClose();
  }

  return (
    <ModalFrame
      labelledBy={headingId}
      onClose={onClose}
      closeOnBackdrop={!closeOnlyByButton}
      initialFocus={button}
      size="sm"
      testId="deal-modal"
    >
      <CloseButton label={t('modals:close')} onClick={onClose} />
      <div className="p-5 sm:p-6">
        <h2 id={headingId} className="pr-10 text-lg font-bold text-ink">
          {t('modals:deal.title')}
        </h2>
        <DealImage deal={deal} className="mt-4 rounded-xl" />
        <div className="mt-4 flex items-center gap-3">
          <BrandLogo name={deal.brand?.name} logo={deal.brand?.logo} size={40} />
          <p className="min-w-0 flex-1 truncate font-semibold text-ink" lang={deal.brand?.lang}>
            {deal.brand?.name}
          </p>
          {discountLabel(t, deal, lang).trim() && (
            <span className="shrink-0 rounded-full bg-accent px-2.5 py-1 text-xs font-bold text-white">
              {discountLabel(t, deal, lang)}
            </span>
          )}
        </div>
        <h3 className="mt-3 font-semibold text-ink" lang={deal.lang}>
          {deal.title}
        </h3>
        <div className="mt-3">
          <DealPrice deal={deal} t={t} lang={lang} />
        </div>
        {url ? (
          <button ref={button} type="button" className="btn-primary mt-5 min-h-12 w-full text-base" onClick={getDeal}>
            {t('modals:deal.getDeal')}
          </button>
        ) : (
          <p className="mt-5 text-center text-sm text-muted">{t('modals:deal.noLink')}</p>
        )}
      </div>
    </ModalFrame>
  );
}
