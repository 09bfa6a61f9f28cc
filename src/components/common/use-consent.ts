import { useStore } from '@nanostores/react';
import type { ConsentState } from '../../ads/core/consent.ts';
import { $consent, CONSENT_AT_BUILD } from '../../stores/consent.ts';
import { useHydrated } from './use-hydrated.ts';

/**
 * `$consent` for islands that render from it: while hydrating, the state the static HTML was
 * built with (no choice known), so the first client render matches the HTML (no React #418);
 * right after, the visitor's real choice.
 */
export function useConsent(): ConsentState {
  const live = useStore($consent);
  return useHydrated() ? live : CONSENT_AT_BUILD;
}
