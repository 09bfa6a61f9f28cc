/**
 * IAB TCF v2.2 signals (consent mode "tcf"): a CMP named in the site config supplies
 * `__tcfapi`; we read its answer, never act as a CMP ourselves. The TC string is decoded
 * with the IAB's own @iabtechlabtcf/core, not by hand.
 * - gdprApplies false → granted, personalized;
 * - purpose 1 (store/access information on a device) consented → granted; personalized only
 *   with purposes 3 and 4 (create / use a personalised ads profile) too;
 * - otherwise (or a string that does not decode) → denied: AdSense only (Google reads the TC
 *   string itself and serves limited or non-personalized ads), nothing stored.
 */
import { TCString } from '@iabtechlabtcf/core';
import type { ConsentState } from './consent.ts';

/** The part of the CMP's TCData we read. */
export interface TcData {
  eventStatus?: string;
  cmpStatus?: string;
  gdprApplies?: boolean;
  tcString?: string;
  listenerId?: number;
}

export type TcfApi = (
  command: string,
  version: number,
  callback: (data: TcData, success: boolean) => void,
  parameter?: unknown,
) => void;

/** null while the CMP has not answered (no `tcloaded` / `useractioncomplete` yet). */
export function consentFromTcData(tcData: TcData | null | undefined): ConsentState | null {
  if (!tcData) return null;
  if (tcData.eventStatus !== 'tcloaded' && tcData.eventStatus !== 'useractioncomplete') return null;
  if (tcData.gdprApplies === false) return { status: 'granted', personalized: true, source: 'tcf' };
  const tcString = tcData.tcString ?? '';
  try {
    const model = TCString.decode(tcString);
    const p = model.purposeConsents;
    if (!p.has(1)) return { status: 'denied', personalized: false, source: 'tcf', tcString };
    return { status: 'granted', personalized: p.has(3) && p.has(4), source: 'tcf', tcString };
  } catch {
    return { status: 'denied', personalized: false, source: 'tcf', tcString };
  }
}

/** Follows the CMP: calls `onState` with every decided state. Returns the unsubscribe. */
export function watchTcf(api: TcfApi, onState: (state: ConsentState) => void): () => void {
  let listenerId: number | undefined;
  api('addEventListener', 2, (data, success) => {
    if (!success) return;
    if (typeof data?.listenerId === 'number') listenerId = data.listenerId;
    const state = consentFromTcData(data);
    if (state) onState(state);
  });
  return () => {
    if (listenerId !== undefined) api('removeEventListener', 2, () => {}, listenerId);
  };
}
