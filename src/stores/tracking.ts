/**
 * The record calls islands make (SPEC §7): a coupon opened (click), a code copied (copy record
 * and usage), a deal opened (click) and a search submitted. Static-data mode has no API: nothing
 * is sent and nothing is loaded. In API mode the recorder (./recorder.ts) and the API client load
 * on the first call, so none of it is part of what a page loads before any interaction.
 */
import { siteRuntime } from '../config/site-runtime.ts';
import type { Recorder } from './recorder.ts';

export type { Recorder } from './recorder.ts';

/** API mode, or an edge site (its Worker answers /api, issue 32). */
const enabled = !siteRuntime.staticData || siteRuntime.edgeApi;
let loading: Promise<Recorder> | undefined;
const recorder = () => (loading ??= import('./recorder.ts').then((m) => m.apiRecorder));

const call =
  <A>(pick: (r: Recorder) => (arg: A) => Promise<void>) =>
  (arg: A): Promise<void> =>
    enabled
      ? recorder().then(
          (r) => pick(r)(arg),
          (error) => console.warn('Failed to load the recorder:', error),
        )
      : Promise.resolve();

/** Whether anything can receive a record (API mode or an edge site): the code-health question is asked only then. */
export const recordsEnabled = enabled;

/** The page's recorder: the site's API, or nothing at all in static-data mode. */
export const records: Recorder = {
  couponOpened: call((r) => r.couponOpened),
  couponCopied: call((r) => r.couponCopied),
  couponFeedback: call((r) => r.couponFeedback),
  dealOpened: call((r) => r.dealOpened),
  search: call((r) => r.search),
  prepare: () =>
    enabled
      ? recorder().then(
          (r) => r.prepare(),
          () => undefined,
        )
      : Promise.resolve(),
};
