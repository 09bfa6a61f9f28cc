/**
 * The code modal (SPEC §2 "Code modal", §4): brand, category, discount badge, name,
 * description, the code and expiry; "Copy Code & Visit Store" copies (Clipboard API, then the
 * textarea fallback; "Failed to copy code" when both fail), opens the store in a new tab even
 * when copying failed (http(s) only, no opener/referrer; a blocked pop-up only logs; the brand's
 * address when the coupon has no link) and reads "Code Copied! Redirecting..." for 3 s. The
 * work is the store action `copyCodeAndVisit` (src/stores/modal-actions.ts). Close button always; backdrop closes only when closeOnlyByButton is
 * off; Escape closes; an ad banner on top or at the bottom, chosen on open.
 */
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import type { ModalAdPlacement } from '../../ads/modal-placement.ts';
import { isLive } from '../../catalog/offer-time.ts';
import type { Coupon } from '../../catalog/schemas.ts';
import { siteRuntime } from '../../config/site-runtime.ts';
import { COPIED_MS } from '../../stores/copied.ts';
import { copyCodeAndVisit, couponStoreAddress } from '../../stores/modal-actions.ts';
import { showToast } from '../../stores/toast.ts';
import { AdSlot } from '../ads/AdSlot.tsx';
import { useModalAdFit } from '../ads/useModalAdFit.ts';
import { BrandLogo } from '../coupons/BrandLogo.tsx';
import { discountLabel, formatDate } from '../coupons/format.ts';
import { CodeHealth } from '../health/CodeHealth.tsx';
import { FeedbackPrompt } from '../health/FeedbackPrompt.tsx';
import { useLive, useNow } from '../offers/use-now.ts';
import { CloseButton, ModalFrame } from './ModalFrame.tsx';

export type CodeModalProps = {
  coupon: Coupon;
  t: TFunction;
  lang: string;
  onClose: () => void;
  /** null: no ad (ads disabled). */
  ad: ModalAdPlacement | null;
  /** Backdrop click does nothing while true (siteAds.modal.closeOnlyByButton, default true). */
  closeOnlyByButton?: boolean;
  toastOnCopy?: boolean;
};

export function CodeModal({
  coupon,
  t,
  lang,
  onClose,
  ad,
  closeOnlyByButton = true,
  toastOnCopy = false,
}: CodeModalProps) {
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /**
   * Rapid presses (issue 16): one copy, one store tab and one usage call per press that counts.
   * A ref, not state, so presses in the same moment see it; held until the copied state ends
   * (or at once when copying failed, so the shopper can try again).
   */
  const locked = useRef(false);
  const headingId = `code-modal-title-${coupon.id}`;
  const descId = `code-modal-desc-${coupon.id}`;
  const expires = formatDate(coupon.expiresAt, lang, siteRuntime.timezone);
  const hasCode = coupon.code.trim() !== '';
  const discount = discountLabel(t, coupon, lang).trim();
  // Left open while the offer ends (visitor's clock): it says so and offers no copy.
  const now = useNow();
  const { live } = useLive([coupon]);
  const ended = now !== null && live.length === 0;

  useEffect(() => () => clearTimeout(timer.current), []);
  // Look up the store's address as the modal opens (a coupon without a link of its own uses its
  // brand's), so it is ready when "Copy Code & Visit Store" is pressed.
  useEffect(() => {
    void couponStoreAddress(coupon);
  }, [coupon]);

  async function copyAndVisit() {
    // Ended between two ticks of the clock: nothing to copy (the next render says it ended).
    if (locked.current || !isLive(coupon, Date.now())) return;
    locked.current = true;
    let release = true;
    setBusy(true);
    setFailed(false);
    try {
      const result = await copyCodeAndVisit(coupon);
      if (result.copyFailed) {
        setFailed(true);
        return;
      }
      if (result.copied) {
        setCopied(true);
        if (toastOnCopy) showToast(t('coupons:toast.copied'));
      }
      release = false;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        setCopied(false);
        locked.current = false;
      }, COPIED_MS);
    } finally {
      setBusy(false);
      if (release) locked.current = false;
    }
  }

  // Ad placement (issue 25): the ad spans the panel's width (room for 468x60) and never sits
  // next to "Copy Code & Visit Store": on top the offer details separate them; at the bottom
  // clear space (at least MIN_AD_BUTTON_GAP) and a rule. A top ad that would push the button out
  // of view shrinks to 320x50 or goes (useModalAdFit), so a 360x640 phone keeps the button in view.
  const placed = useModalAdFit(ad, button);
  const adSlot = (where: 'top' | 'bottom') =>
    placed && placed.position === where ? (
      <AdSlot
        size={placed.size}
        position={`modal-${where}`}
        label={t('modals:ad.label')}
        texts={{
          unavailable: t('ads:unavailable'),
          mock: t('ads:mock'),
          sponsored: t('ads:sponsored'),
          textCta: t('ads:textCta'),
          amazonDisclosure: t('ads:amazon.disclosure'),
          amazonCta: t('ads:amazon.cta'),
        }}
        target={{ brand: coupon.brand?.slug, category: coupon.category?.slug }}
        className={`-mx-5 sm:-mx-7 ${where === 'top' ? 'mb-6 border-b border-line pb-4' : 'mt-8 border-t border-line pt-4'}`}
      />
    ) : null;

  return (
    <ModalFrame
      labelledBy={headingId}
      describedBy={descId}
      onClose={onClose}
      closeOnBackdrop={!closeOnlyByButton}
      initialFocus={button}
      testId="code-modal"
    >
      <CloseButton label={t('modals:close')} onClick={onClose} />
      <div className="p-5 pt-14 sm:p-7 sm:pt-14">
        {adSlot('top')}
        <div className="flex items-center gap-3">
          <BrandLogo name={coupon.brand?.name} logo={coupon.brand?.logo} size={56} />
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold text-ink" lang={coupon.brand?.lang}>
              {coupon.brand?.name}
            </p>
            {coupon.category && (
              <p className="truncate text-sm text-muted" lang={coupon.category.lang}>
                {coupon.category.name}
              </p>
            )}
          </div>
          {discount && (
            <span className="shrink-0 rounded-full bg-accent px-3 py-1 text-sm font-bold text-white">{discount}</span>
          )}
        </div>
        <h2 id={headingId} className="mt-4 text-xl font-bold text-ink" lang={coupon.lang}>
          {coupon.name}
        </h2>
        <p id={descId} className="mt-1 text-sm text-muted" lang={coupon.lang}>
          {coupon.description}
        </p>
        {ended ? (
          <div
            role="alert"
            className="mt-5 rounded-xl border border-line bg-page px-4 py-4 text-center"
            data-offer-ended=""
          >
            <p className="font-semibold text-ink">{t('offers:ended.modal.title')}</p>
            <p className="mt-1 text-sm text-muted">{t('offers:ended.modal.text')}</p>
          </div>
        ) : (
          <>
            {hasCode ? (
              <div className="mt-5">
                <p className="text-xs font-semibold uppercase tracking-wide text-muted">{t('modals:code.codeLabel')}</p>
                <p
                  className="mt-1 select-all rounded-xl border-2 border-dashed border-primary bg-page px-4 py-3 text-center font-mono text-2xl font-bold tracking-widest text-ink"
                  data-coupon-code=""
                >
                  {coupon.code}
                </p>
              </div>
            ) : (
              <p className="mt-5 rounded-xl bg-page px-4 py-3 text-center text-sm text-ink">
                {t('modals:code.noCode')}
              </p>
            )}
            <p className="mt-3 text-center text-sm text-muted">
              {expires ? t('modals:code.expires', { date: expires }) : t('modals:code.noExpiry')}
            </p>
            <CodeHealth coupon={coupon} t={t} lang={lang} className="mt-2 items-center text-center text-sm" />
            <button
              ref={button}
              type="button"
              onClick={copyAndVisit}
              aria-disabled={busy}
              className={`mt-5 w-full ${copied ? 'btn bg-secondary text-white' : 'btn-primary'} min-h-12 text-base`}
            >
              {copied ? t('modals:code.copied') : hasCode ? t('modals:code.copyAndVisit') : t('modals:code.visitStore')}
            </button>
            <div aria-live="polite" className="sr-only">
              {copied ? t('modals:code.copied') : ''}
            </div>
            {failed && (
              <p
                role="alert"
                className="mt-3 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-center text-sm font-semibold text-red-800"
              >
                {t('modals:code.copyFailed')}
              </p>
            )}
            {hasCode && <p className="mt-3 text-center text-xs text-muted">{t('modals:code.hint')}</p>}
          </>
        )}
        <FeedbackPrompt t={t} variant="inline" couponId={coupon.id} />
        {adSlot('bottom')}
      </div>
    </ModalFrame>
  );
}
