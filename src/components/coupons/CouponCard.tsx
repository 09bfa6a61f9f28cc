/**
 * One coupon (SPEC §2 "Coupon card"): logo or initial, category, discount badge, name,
 * description, Exclusive/Verified/Featured badges, code health (what shoppers said, or the
 * catalog's labelled estimate: ../health/CodeHealth.tsx) and the call to action.
 * - With a code: Get Code opens the code modal.
 * - Without one (ARCHITECTURE "no bait reveal"): the card says "No code needed" and Get Deal is
 *   the outbound link to the store (new tab, no opener or referrer); the click is recorded. An
 *   offer with no http(s) store address opens the modal instead (it shows the offer's details).
 * Presentational: the grid passes the translate function, the copied state and the handler.
 */
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef } from 'react';
import type { Coupon } from '../../catalog/schemas.ts';
import { couponStoreUrl, OUTBOUND_REL } from '../../lib/outbound.ts';
import { adPlatformForIndex, preloadWhenNear } from '../../stores/ad-code.ts';
import { records } from '../../stores/tracking.ts';
import { CodeHealth, verifiedLabel } from '../health/CodeHealth.tsx';
import { EndsLabel, endsAttr } from '../offers/EndsLabel.tsx';
import { BrandLogo } from './BrandLogo.tsx';
import { discountLabel } from './format.ts';

export type CouponCardProps = {
  coupon: Coupon;
  t: TFunction;
  lang: string;
  /** Position in the grid: picks the ad platform (adsense, adsterra, …). */
  index: number;
  copied?: boolean;
  view?: 'grid' | 'list';
  onGetCode?: (coupon: Coupon, button: HTMLButtonElement) => void;
};

/** Whether the offer has a code to reveal (a blank code means "no code needed"). */
export function hasCouponCode(coupon: Pick<Coupon, 'code'>): boolean {
  return coupon.code.trim() !== '';
}

const badgeBase = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold';

export function CouponCard({ coupon, t, lang, index, copied = false, view = 'grid', onGetCode }: CouponCardProps) {
  const ref = useRef<HTMLElement>(null);
  const platform = adPlatformForIndex(index);
  useEffect(() => (ref.current ? preloadWhenNear(ref.current, platform) : undefined), [platform]);
  const brandName = coupon.brand?.name ?? '';
  const list = view === 'list';
  const headingId = useId();
  const hasCode = hasCouponCode(coupon);
  const storeUrl = hasCode ? null : couponStoreUrl(coupon);
  return (
    <article
      ref={ref}
      aria-labelledby={headingId}
      data-coupon-id={coupon.id}
      data-ends-at={endsAttr(coupon)}
      data-ad-platform={platform}
      className={`card flex h-full p-4 ${list ? 'flex-col gap-3 sm:flex-row sm:items-center' : 'flex-col'}`}
    >
      <div className={`flex flex-wrap items-center gap-x-3 gap-y-2 ${list ? 'sm:w-56 sm:shrink-0' : ''}`}>
        <BrandLogo name={brandName} logo={coupon.brand?.logo} />
        <div className="min-w-0 flex-1 basis-28">
          <p className="text-sm font-semibold text-ink" lang={coupon.brand?.lang}>
            {brandName}
          </p>
          {coupon.category && (
            <p className="text-xs text-muted" lang={coupon.category.lang}>
              {coupon.category.name}
            </p>
          )}
        </div>
        {!list && (
          <span className="shrink-0 rounded-full bg-accent px-2.5 py-1 text-xs font-bold text-white">
            {discountLabel(t, coupon, lang)}
          </span>
        )}
      </div>
      <div className={`min-w-0 ${list ? 'flex-1' : 'mt-3 flex flex-1 flex-col'}`}>
        {list && (
          <span className="mb-1 inline-block rounded-full bg-accent px-2.5 py-1 text-xs font-bold text-white">
            {discountLabel(t, coupon, lang)}
          </span>
        )}
        <h3 id={headingId} className="line-clamp-2 font-semibold text-ink" lang={coupon.lang}>
          {coupon.name}
        </h3>
        <p className="mt-1 line-clamp-2 text-sm text-muted" lang={coupon.lang}>
          {coupon.description}
        </p>
        <EndsLabel offer={coupon} t={t} lang={lang} className="mt-1" />
        {(coupon.exclusive || coupon.verified || coupon.featured) && (
          <ul className="mt-3 flex flex-wrap gap-1.5">
            {coupon.exclusive && (
              <li className={`${badgeBase} bg-secondary text-white`}>{t('coupons:card.exclusive')}</li>
            )}
            {coupon.verified && (
              <li className={`${badgeBase} border border-primary text-primary`}>✓ {verifiedLabel(t, coupon, lang)}</li>
            )}
            {coupon.featured && (
              <li className={`${badgeBase} bg-primary text-white`}>★ {t('coupons:card.featured')}</li>
            )}
          </ul>
        )}
        {/* Its own row, above the call to action: a narrow grid card has no room beside the button. */}
        <CodeHealth coupon={coupon} t={t} lang={lang} className="mt-2 text-xs" />
      </div>
      <div className={`flex items-center justify-between gap-3 ${list ? 'sm:shrink-0' : 'mt-auto pt-4'}`}>
        <span className="flex min-w-0 flex-col text-xs">
          {!hasCode && (
            <span className="font-semibold text-ink" data-no-code="">
              {t('coupons:card.noCode')}
            </span>
          )}
        </span>
        {storeUrl ? (
          <a
            href={storeUrl}
            target="_blank"
            rel={OUTBOUND_REL}
            className="btn-primary shrink-0"
            data-visit-store={coupon.id}
            // Every click that opens the link counts: left (with or without Ctrl/Cmd/Shift) and middle.
            onClick={() => void records.couponOpened(coupon)}
            onAuxClick={(e) => {
              if (e.button === 1) void records.couponOpened(coupon);
            }}
          >
            {t('coupons:card.getDeal')}
            <span className="sr-only">{`: ${coupon.name} ${t('coupons:card.newTab')}`}</span>
          </a>
        ) : (
          <button
            type="button"
            className={`shrink-0 ${copied ? 'btn bg-secondary text-white' : 'btn-primary'}`}
            aria-haspopup="dialog"
            {...(hasCode ? { 'data-get-code': coupon.id } : { 'data-visit-store': coupon.id })}
            onClick={(e) => onGetCode?.(coupon, e.currentTarget)}
          >
            {copied ? t('coupons:card.copied') : hasCode ? t('coupons:card.getCode') : t('coupons:card.getDeal')}
            <span className="sr-only">
              : <span lang={coupon.lang}>{coupon.name}</span>
            </span>
          </button>
        )}
      </div>
    </article>
  );
}

/** A card-sized placeholder shown while coupons load. */
export function CouponCardSkeleton() {
  return (
    <div aria-hidden="true" className="card flex h-full min-h-56 animate-pulse flex-col p-4">
      <div className="flex items-center gap-3">
        <span className="size-12 rounded-lg bg-line" />
        <span className="h-4 flex-1 rounded bg-line" />
        <span className="h-6 w-16 rounded-full bg-line" />
      </div>
      <span className="mt-4 h-4 w-3/4 rounded bg-line" />
      <span className="mt-2 h-3 w-full rounded bg-line" />
      <span className="mt-1 h-3 w-5/6 rounded bg-line" />
      <span className="mt-auto h-10 w-28 self-end rounded-lg bg-line" />
    </div>
  );
}
