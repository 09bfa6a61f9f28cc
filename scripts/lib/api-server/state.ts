/**
 * The reference API server's records as GET /__state shows them: a view of what ./store.ts keeps
 * (loaded from it at start-up, updated with every write), plus the recent requests and searches,
 * which are kept in memory only.
 */

export interface RecordedRequest {
  method: string;
  /** Path and query as received, e.g. "/api/coupons?page=2". */
  url: string;
  authorization: string | null;
  siteId: string | null;
  contentType: string | null;
}

export interface ServerState {
  couponUsage: Record<string, number>;
  couponClicks: Record<string, number>;
  couponCopies: Record<string, number>;
  dealClicks: Record<string, number>;
  /** Queries received by POST /search/record, in order. */
  searches: string[];
  /** Ad events received by POST /ads/events and /ads/events/batch, in order. */
  adEvents: unknown[];
  /** Messages received by POST /contact, in order. */
  contactMessages: { name: string; email: string; subject: string; message: string }[];
  /** Addresses received by POST /newsletter/subscribe (lower-cased, each once). */
  newsletterSubscribers: string[];
  /** The most recent /api requests (newest last, at most MAX_RECORDED_REQUESTS). */
  requests: RecordedRequest[];
}

export const MAX_RECORDED_REQUESTS = 200;

export function createState(): ServerState {
  return {
    couponUsage: {},
    couponClicks: {},
    couponCopies: {},
    dealClicks: {},
    searches: [],
    adEvents: [],
    contactMessages: [],
    newsletterSubscribers: [],
    requests: [],
  };
}

export function resetState(state: ServerState): void {
  Object.assign(state, createState());
}

export function recordRequest(state: ServerState, request: RecordedRequest): void {
  state.requests.push(request);
  if (state.requests.length > MAX_RECORDED_REQUESTS)
    state.requests.splice(0, state.requests.length - MAX_RECORDED_REQUESTS);
}
