/**
 * The one modal host of a page (island): shows the code modal or the deal modal that the
 * grids open through src/stores/modal.ts, and the toast. Put it once on every page that
 * shows coupon or deal cards:
 *   <ModalRoot client:interaction lang={lang} messages={data.stringsOf(pickMessages(lang, MODAL_KEYS))} />
 * (`data`: the page's data writer, src/page-data/write.ts; MODAL_KEYS in ./keys.ts).
 */
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { chooseModalAdPlacement, modalAdMaxWidth } from '../../ads/modal-placement.ts';
import { siteAds } from '../../config/site-ads.ts';
import { createTranslator } from '../../i18n/client.ts';
import type { StringsRef } from '../../page-data/held.ts';
import { pageStrings } from '../../page-data/read.ts';
import { $consent, consentMarkOf } from '../../stores/consent.ts';
import { $modal, closeModal, type ModalState } from '../../stores/modal.ts';
import { ErrorBoundary, errorBoundaryTexts } from '../common/ErrorBoundary.tsx';
import { useStoreAfterHydration } from '../common/use-hydrated.ts';
import { FeedbackPrompt } from '../health/FeedbackPrompt.tsx';
import { CodeModal } from './CodeModal.tsx';
import { DealModal } from './DealModal.tsx';
import { Toast } from './Toast.tsx';

const CLOSED: ModalState = { kind: 'none' };

export type ModalRootProps = { lang: string; messages: StringsRef };

export default function ModalRoot({ lang, messages }: ModalRootProps) {
  const t = createTranslator(lang, pageStrings(messages));
  // A tap that woke this island (client:interaction) may already have opened a modal: the
  // first render matches the empty static HTML, the modal shows right after (no React #418).
  const modal = useStoreAfterHydration($modal, CLOSED);
  // No ad box before the visitor's consent choice. After it, the box is reserved; when no
  // platform can serve, the ad layer logs "No ad platform available" and leaves it empty.
  const consent = useStore($consent);
  const adsOn = siteAds.enabled && consentMarkOf(consent) !== 'pending';
  const { topProbability, closeOnlyByButton } = siteAds.modal;
  const openedAt = modal.kind === 'none' ? 0 : modal.openedAt;
  // A new ad position is chosen each time a modal opens (SPEC §4 "Code modal").
  const ad = useMemo(
    () =>
      openedAt && adsOn
        ? chooseModalAdPlacement(Math.random, topProbability, modalAdMaxWidth(window.innerWidth))
        : null,
    [openedAt, adsOn, topProbability],
  );
  return (
    <ErrorBoundary texts={errorBoundaryTexts(t)} onReset={closeModal}>
      {modal.kind === 'coupon' && (
        <CodeModal
          key={modal.openedAt}
          coupon={modal.coupon}
          t={t}
          lang={lang}
          ad={ad}
          closeOnlyByButton={closeOnlyByButton}
          toastOnCopy={modal.toastOnCopy}
          onClose={closeModal}
        />
      )}
      {modal.kind === 'deal' && (
        <DealModal
          key={modal.openedAt}
          deal={modal.deal}
          t={t}
          lang={lang}
          closeOnlyByButton={closeOnlyByButton}
          onClose={closeModal}
        />
      )}
      {/* "Did {CODE} work?" while no modal is open (the code modal shows it inside itself). */}
      {modal.kind === 'none' && <FeedbackPrompt t={t} variant="panel" />}
      <Toast />
    </ErrorBoundary>
  );
}
