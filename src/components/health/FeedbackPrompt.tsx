/**
 * "Did {CODE} work?" Yes / No (issue 22, src/stores/feedback.ts): a small non-modal panel at
 * the bottom of the page (variant "panel", in ModalRoot while no modal is open), or a block
 * inside the code modal when it is still open for that coupon (variant "inline": the page behind
 * a modal is inert). One tap answers; × (or Escape inside it) closes it without answering. The
 * question and the thanks are announced through a polite live region; focus is not taken.
 */
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef } from 'react';
import { $feedbackQuestion, answerFeedback, dismissFeedback } from '../../stores/feedback.ts';

export type FeedbackPromptProps = {
  t: TFunction;
  variant: 'panel' | 'inline';
  /** inline: shown only for this coupon. */
  couponId?: number;
};

export function FeedbackPrompt({ t, variant, couponId }: FeedbackPromptProps) {
  const question = useStore($feedbackQuestion);
  const headingId = useId();
  const box = useRef<HTMLElement>(null);
  const q = question && (variant === 'panel' || question.id === couponId) ? question : null;
  const phase = q?.phase;
  // After an answer the buttons go: keep keyboard focus in the box (on the thanks) if it was there.
  useEffect(() => {
    if (phase === 'thanks' && document.activeElement === document.body) box.current?.focus({ preventScroll: true });
  }, [phase]);
  const announce = !q ? '' : q.phase === 'asking' ? t('feedback:question', { code: q.code }) : t('feedback:thanks');
  const panel =
    variant === 'panel'
      ? 'fixed inset-x-3 bottom-3 z-[55] sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-96 shadow-xl'
      : 'mt-4';
  return (
    <>
      <div aria-live="polite" aria-atomic="true" className="sr-only">
        {announce}
      </div>
      {q && (
        <section
          ref={box}
          tabIndex={-1}
          aria-labelledby={headingId}
          data-feedback-question={q.id}
          className={`${panel} rounded-xl border border-line bg-surface p-4 text-ink outline-none`}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && variant === 'panel') {
              e.stopPropagation();
              dismissFeedback();
            }
          }}
        >
          <div className="flex items-start justify-between gap-3">
            <h2 id={headingId} className="text-base font-semibold">
              {q.phase === 'asking' ? t('feedback:question', { code: q.code }) : t('feedback:thanks')}
            </h2>
            <button
              type="button"
              onClick={() => dismissFeedback()}
              aria-label={t('feedback:close')}
              className="-m-2 shrink-0 rounded-lg p-2 text-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-primary"
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
          {q.phase === 'asking' && (
            <>
              <p className="mt-1 text-sm text-muted">{t('feedback:why')}</p>
              <div className="mt-3 flex gap-2">
                <button type="button" className="btn-primary flex-1" onClick={() => answerFeedback(true)}>
                  {t('feedback:yes')}
                </button>
                <button
                  type="button"
                  className="btn flex-1 border border-line bg-page text-ink"
                  onClick={() => answerFeedback(false)}
                >
                  {t('feedback:no')}
                </button>
              </div>
            </>
          )}
        </section>
      )}
    </>
  );
}
