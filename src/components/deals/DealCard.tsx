/**
 * One deal (SPEC §2 "Deal card and grid"): image (fallback icon), discount and Hot badges,
 * "Only N left!" (limited and stock under 10), brand and category, title, description, sale
 * and struck-through original price with the Save amount, Featured / Limited Time / Ends
 * {date} badges, and Get Deal.
 * - The title is a button (keyboard reachable, named by the title) that opens the Deal Offer
 *   modal; its click area stretches over the image and the title block, so clicking the deal's
 *   picture opens the modal too (SPEC §2 "Clicking a deal opens the Deal Offer modal").
 * - Get Deal is the outbound link: the tracking url (or the origin url) in a new tab without
 *   opener or referrer (works without JavaScript). The deal click is recorded either way.
 */
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState } from 'react';
import { formatPrice, isLowStock, savingsAmount } from '../../catalog/display.ts';
import type { Deal } from '../../catalog/schemas.ts';
import { dealUrl, OUTBOUND_REL } from '../../shopper-actions/outbound.ts';
import { adPlatformForIndex, preloadWhenNear } from '../../stores/ad-code.ts';
import { records } from '../../stores/tracking.ts';
import { discountLabel, shownInLabel } from '../coupons/format.ts';
import { EndsLabel, endsAttr } from '../offers/EndsLabel.tsx';

export type DealCardProps = {
  deal: Deal;
  t: TFunction;
  lang: string;
  index: number;
  /** Opens the Deal Offer modal (the title and the image); `trigger` gets focus back on close. */
  onOpen?: (deal: Deal, trigger: HTMLElement) => void;
};

export function DealImage({ deal, className = '' }: { deal: Deal; className?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={className ? `deal-img ${className}` : 'deal-img'} data-deal-image="">
      {deal.image && !failed ? (
        <img
          src={deal.image}
          alt=""
          width={160}
          height={90}
          loading="lazy"
          fetchPriority="low"
          onError={() => setFailed(true)}
          className="deal-logo"
        />
      ) : (
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="48"
          height="48"
          className="text-muted"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <path d="M3 11.2V4a1 1 0 0 1 1-1h7.2a1 1 0 0 1 .7.3l8.8 8.8a1 1 0 0 1 0 1.4l-7.2 7.2a1 1 0 0 1-1.4 0L3.3 11.9a1 1 0 0 1-.3-.7zM7.5 8.5h.01" />
        </svg>
      )}
    </div>
  );
}

export function DealPrice({ deal, t, lang }: { deal: Deal; t: TFunction; lang: string }) {
  const saved = savingsAmount(deal);
  if (deal.salePrice === null) return null;
  return (
    <div className="price-row">
      <span className="sr-only">{t('deals:card.salePrice')}</span>
      <span className="price">{formatPrice(deal.salePrice, deal.currency, lang)}</span>
      {deal.originalPrice !== null && deal.originalPrice > deal.salePrice && (
        <>
          <span className="sr-only">{t('deals:card.originalPrice')}</span>
          <s className="price-was">{formatPrice(deal.originalPrice, deal.currency, lang)}</s>
        </>
      )}
      {saved !== null && (
        <span className="price-save">{t('deals:card.save', { amount: formatPrice(saved, deal.currency, lang) })}</span>
      )}
    </div>
  );
}

export function DealCard({ deal, t, lang, index, onOpen }: DealCardProps) {
  const ref = useRef<HTMLElement>(null);
  const platform = adPlatformForIndex(index);
  useEffect(() => (ref.current ? preloadWhenNear(ref.current, platform) : undefined), [platform]);
  const url = dealUrl(deal);
  const lowStock = deal.limited && isLowStock(deal.stock);
  const headingId = useId();
  // No badge at all when the discount is unknown (issue 39): never an empty coloured pill.
  const discount = discountLabel(t, deal, lang).trim();
  return (
    <article
      ref={ref}
      aria-labelledby={headingId}
      data-deal-id={deal.id}
      data-ends-at={endsAttr(deal)}
      data-ad-platform={platform}
      className="card deal"
    >
      {/* The title button's ::after covers this block: a click on the image opens the modal too. */}
      <div className="group relative">
        <div className="relative">
          <DealImage deal={deal} />
          <div className="deal-badges">
            {discount && <span className="pill bg-accent">{discount}</span>}
            {deal.hot && <span className="pill bg-red-700">{`🔥 ${t('deals:card.hot')}`}</span>}
            {deal.exclusive && <span className="pill bg-secondary">{t('deals:card.exclusive')}</span>}
          </div>
          {lowStock && (
            <span className="absolute bottom-3 right-3 rounded-full bg-secondary px-2.5 py-1 text-xs font-semibold text-white">
              {t('deals:card.onlyLeft', { count: deal.stock ?? 0 })}
            </span>
          )}
        </div>
        <div className="deal-head">
          <p className="offer-cat">
            <b lang={deal.brand?.lang}>{deal.brand?.name}</b>
            {/* One text node (no React separator comment) unless the category is in another language. */}
            {deal.category?.lang ? (
              <>
                {deal.brand ? ' · ' : ''}
                <span lang={deal.category.lang}>{deal.category.name}</span>
              </>
            ) : (
              `${deal.brand && deal.category ? ' · ' : ''}${deal.category?.name ?? ''}`
            )}
          </p>
          <h3 id={headingId} className="deal-title" lang={deal.lang}>
            <button
              type="button"
              aria-haspopup="dialog"
              data-open-deal={deal.id}
              className="deal-open"
              onClick={(e) => onOpen?.(deal, e.currentTarget)}
            >
              {deal.title}
            </button>
          </h3>
        </div>
      </div>
      <div className="deal-body">
        <p className="deal-desc" lang={deal.lang}>
          {deal.description}
        </p>
        {deal.lang && (
          <p className="mt-1 text-xs text-muted" data-shown-in={deal.lang}>
            {shownInLabel(t, deal.lang, lang)}
          </p>
        )}
        <EndsLabel offer={deal} t={t} lang={lang} className="mt-2" />
        {(deal.featured || deal.limited) && (
          <ul className="chips">
            {deal.featured && <li className="chip bg-primary text-white">{`★ ${t('deals:card.featured')}`}</li>}
            {deal.limited && <li className="chip chip-limited">{t('deals:card.limited')}</li>}
          </ul>
        )}
        <div className="deal-foot">
          <DealPrice deal={deal} t={t} lang={lang} />
          {url ? (
            <a
              href={url}
              target="_blank"
              rel={OUTBOUND_REL}
              className="deal-cta"
              data-get-deal={deal.id}
              // Every click that opens the link counts: left (with or without Ctrl/Cmd/Shift) and middle.
              onClick={() => void records.dealOpened(deal)}
              onAuxClick={(e) => {
                if (e.button === 1) void records.dealOpened(deal);
              }}
            >
              {t('deals:card.getDeal')}
              <span className="sr-only">{`: ${deal.title} ${t('deals:card.newTab')}`}</span>
            </a>
          ) : (
            // No http(s) address to go to: the modal shows the offer and says so.
            <button
              type="button"
              aria-haspopup="dialog"
              className="deal-cta"
              data-get-deal={deal.id}
              onClick={(e) => onOpen?.(deal, e.currentTarget)}
            >
              {t('deals:card.getDeal')}
              <span className="sr-only">
                {': '}
                <span lang={deal.lang}>{deal.title}</span>
              </span>
            </button>
          )}
        </div>
      </div>
    </article>
  );
}

export function DealCardSkeleton() {
  return (
    <div aria-hidden="true" className="card flex h-full min-h-96 animate-pulse flex-col overflow-hidden">
      <span className="aspect-[16/9] bg-line" />
      <div className="flex flex-1 flex-col p-4">
        <span className="h-3 w-1/2 rounded bg-line" />
        <span className="mt-3 h-4 w-3/4 rounded bg-line" />
        <span className="mt-2 h-3 w-full rounded bg-line" />
        <span className="mt-auto h-10 w-full rounded-lg bg-line" />
      </div>
    </div>
  );
}
