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
import { healthChangesAt, isOffered } from '../../catalog/health.ts';
import type { Coupon } from '../../catalog/schemas.ts';
import { siteRuntime } from '../../config/site-runtime.ts';
import { couponStoreUrl, OUTBOUND_REL } from '../../shopper-actions/outbound.ts';
import { adPlatformForIndex, preloadWhenNear } from '../../stores/ad-code.ts';
import { records } from '../../stores/tracking.ts';
import { CodeHealth, verifiedLabel } from '../health/CodeHealth.tsx';
import { EndsLabel, endsAttr } from '../offers/EndsLabel.tsx';
import { useNow } from '../offers/use-now.ts';
import { BrandLogo } from './BrandLogo.tsx';
import { discountLabel, shownInLabel } from './format.ts';

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

export function CouponCard({ coupon, t, lang, index, copied = false, view = 'grid', onGetCode }: CouponCardProps) {
  const ref = useRef<HTMLElement>(null);
  const platform = adPlatformForIndex(index);
  useEffect(() => (ref.current ? preloadWhenNear(ref.current, platform) : undefined), [platform]);
  const brandName = coupon.brand?.name ?? '';
  // No badge at all when the discount is unknown (issue 39): never an empty coloured pill.
  const discount = discountLabel(t, coupon, lang).trim();
  const list = view === 'list';
  const headingId = useId();
  const hasCode = hasCouponCode(coupon);
  const storeUrl = hasCode ? null : couponStoreUrl(coupon);
  // The verdict (issue 40): shoppers reported it failing and nothing says it worked since.
  const clock = useNow();
  const at = clock ?? Date.now();
  const offered = isOffered(coupon, at, siteRuntime.health);
  // When the clock alone changes what this card says about the code (src/astro/interaction-directive.ts).
  const staleAt = healthChangesAt(coupon, at, siteRuntime.health);
  return (
    <article
      ref={ref}
      aria-labelledby={headingId}
      data-coupon-id={coupon.id}
      data-ends-at={endsAttr(coupon)}
      data-stale-at={staleAt ?? undefined}
      data-ad-platform={platform}
      className={list ? 'card flex h-full flex-col gap-3 p-4 sm:flex-row sm:items-center' : 'card offer'}
    >
      <div className={list ? 'offer-head sm:w-56 sm:shrink-0' : 'offer-head'}>
        <BrandLogo name={brandName} logo={coupon.brand?.logo} />
        <div className="offer-who">
          <p className="offer-brand" lang={coupon.brand?.lang}>
            {brandName}
          </p>
          {coupon.category && (
            <p className="offer-cat" lang={coupon.category.lang}>
              {coupon.category.name}
            </p>
          )}
        </div>
        {!list && discount && <span className="pill bg-accent">{discount}</span>}
      </div>
      <div className={list ? 'min-w-0 flex-1' : 'offer-body'}>
        {list && discount && <span className="pill mb-1 inline-block bg-accent">{discount}</span>}
        <h3 id={headingId} className="offer-title" lang={coupon.lang}>
          {coupon.name}
        </h3>
        <p className="offer-desc" lang={coupon.lang}>
          {coupon.description}
        </p>
        {coupon.lang && (
          <p className="mt-1 text-xs text-muted" data-shown-in={coupon.lang}>
            {shownInLabel(t, coupon.lang, lang)}
          </p>
        )}
        <EndsLabel offer={coupon} t={t} lang={lang} className="mt-1" />
        {(coupon.exclusive || coupon.verified || coupon.featured) && (
          <ul className="chips">
            {coupon.exclusive && <li className="chip bg-secondary text-white">{t('coupons:card.exclusive')}</li>}
            {coupon.verified && <li className="chip chip-verified">{`✓ ${verifiedLabel(t, coupon, lang)}`}</li>}
            {coupon.featured && <li className="chip bg-primary text-white">{`★ ${t('coupons:card.featured')}`}</li>}
          </ul>
        )}
        {/* Its own row, above the call to action: a narrow grid card has no room beside the button. */}
        <CodeHealth coupon={coupon} t={t} lang={lang} className="mt-2 text-xs" />
      </div>
      <div className={list ? 'flex items-center justify-between gap-3 sm:shrink-0' : 'offer-foot'}>
        {!offered ? (
          <p className="text-sm font-semibold text-amber-800" data-not-offered={coupon.id}>
            {t('health:card.notOffered')}
          </p>
        ) : null}
        {offered && !hasCode && (
          <span className="stack-xs">
            <span className="font-semibold text-ink" data-no-code="">
              {t('coupons:card.noCode')}
            </span>
          </span>
        )}
        {!offered ? null : storeUrl ? (
          <a
            href={storeUrl}
            target="_blank"
            rel={OUTBOUND_REL}
            className="offer-cta"
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
            className={copied ? 'ml-auto shrink-0 btn bg-secondary text-white' : 'offer-cta'}
            aria-haspopup="dialog"
            {...(hasCode ? { 'data-get-code': coupon.id } : { 'data-visit-store': coupon.id })}
            onClick={(e) => onGetCode?.(coupon, e.currentTarget)}
          >
            {copied ? t('coupons:card.copied') : hasCode ? t('coupons:card.getCode') : t('coupons:card.getDeal')}
            {/* The offer's own language only when it differs from the page's (a marked fallback). */}
            <span className="sr-only">
              {coupon.lang ? (
                <>
                  : <span lang={coupon.lang}>{coupon.name}</span>
                </>
              ) : (
                `: ${coupon.name}`
              )}
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
