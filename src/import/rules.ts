/**
 * What an operator expects of an import (issue 30 part 3), one offer at a time: which offers are
 * left out and why, and the cleaned values of those kept. Pure: the clock is passed in.
 *
 * - Build window: over at the build (`end <= now`) → "ended"; starting after `now + windowHours`
 *   → "not-started"; an end at or before its start → "end-before-start" (said with its place in
 *   the feed). No end stays open-ended.
 * - Codes are plain text too (tags stripped, entities decoded).
 * - Placeholders are not codes ("N/A", "null", "none", "-", empty): the offer has no code and
 *   becomes a deal, never "Get Code" without a code. A code that is a pattern ("SAVE[0-9]{2}")
 *   is no code a shopper can type: the offer is left out ("regex-code").
 * - Only promotions are offers (issue 39): an item the parser marks `notOffer` (a CJ banner, text
 *   link or smart link; an Impact banner) is left out as "not-an-offer".
 * - A status the network sends for an offer that is gone (deleted, suspended, paused, inactive,
 *   expired, …) leaves it out like an ended one ("inactive").
 * - Exclusive or attributable codes, and offers the network marks not public, are KEPT (issue 39:
 *   in the operator's own reply they are this publisher's) and marked exclusive by the merge; with
 *   `exclusive: "drop"` (a feed that is not the operator's own) they are left out unless the code
 *   is listed in `ownCodes` (the site config says it is this publisher's).
 * - Only https links: http is upgraded, anything else (javascript:, data:, relative, broken)
 *   drops the offer ("bad-link").
 */
import { isOutboundUrl } from '../catalog/refinements.ts';
import type { FeedOffer } from './offer.ts';
import { plainText } from './text.ts';

export const DROP_REASONS = {
  'not-an-offer': 'not an offer',
  inactive: 'deleted, suspended, paused or inactive at the network',
  ended: 'over before the build',
  'not-started': 'starts after the build window',
  'end-before-start': 'ends before it starts',
  'unreadable-date': 'unreadable date',
  exclusive: 'exclusive or attributable code of another publisher',
  'not-public': 'not public',
  'regex-code': 'code is a pattern, not a code',
  'bad-link': 'link is not https',
  'no-title': 'no title',
  duplicate: 'same brand and code (a deal: title) as an offer of a preferred network',
} as const;
export type DropReason = keyof typeof DROP_REASONS;

export type RuleOptions = {
  /** The build instant (the import's clock). */
  now: Date;
  /** Offers starting within this many hours after `now` are kept (the next build shows them). */
  windowHours: number;
  /** Exclusive/attributable/not-public codes that are this publisher's (compared case-insensitively). */
  ownCodes: readonly string[];
  /** Exclusive/not-public offers: kept (default, the operator's own reply) or dropped. */
  exclusive?: 'keep' | 'drop';
};

/** The networks' spellings of an offer that is gone. */
const GONE =
  /^(deleted?|removed|suspended|paused|on[ _-]?hold|inactive|in[ _-]?active|deactivated?|disabled|expired|ended|archived|cancell?ed|withdrawn|rejected)$/i;

/** A kept offer: cleaned code ('' = no code: a deal) and an https link. */
export type CleanOffer = FeedOffer & { link: string; landing: string | null };

export type Judgement = { keep: true; offer: CleanOffer } | { keep: false; reason: DropReason; line: string };

const PLACEHOLDER =
  /^(n\/?a|null|nil|none|undefined|-+|\.+|no code( needed| required)?|not required|no coupon code( required)?|see site|get code)$/i;
const PATTERN = /[[\]{}()\\|^$*+?]/;

/** The code a shopper can type, '' for placeholders; null when it is a pattern. */
export function cleanCode(raw: string): string | null {
  const code = plainText(raw, 200);
  if (code === '' || PLACEHOLDER.test(code)) return '';
  if (PATTERN.test(code)) return null;
  return code.slice(0, 64);
}

/** An https link ("http:" upgraded), or null for anything else. */
export function httpsLink(raw: string): string | null {
  const v = raw.trim();
  if (!/^https?:\/\//i.test(v)) return null;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return null;
  }
  if (url.protocol === 'http:') url.protocol = 'https:';
  if (url.protocol !== 'https:' || !url.hostname || url.username || url.password) return null;
  const href = url.href;
  return isOutboundUrl(href) ? href : null;
}

/** "Awin promotion 783245 "20% off" (data[3])": how a dropped offer is named in the log. */
export function nameOf(offer: FeedOffer): string {
  const title = offer.title.length > 60 ? `${offer.title.slice(0, 59)}…` : offer.title;
  return `${offer.network} ${offer.sourceId} "${title}" of ${offer.advertiserName} (${offer.at})`;
}

export function judge(offer: FeedOffer, options: RuleOptions): Judgement {
  const drop = (reason: DropReason, detail: string = DROP_REASONS[reason]): Judgement => ({
    keep: false,
    reason,
    line: `${nameOf(offer)}: ${detail}`,
  });
  if (offer.notOffer !== undefined) return drop('not-an-offer', `not an offer (${offer.notOffer})`);
  if (offer.invalid) return drop('unreadable-date', offer.invalid);
  const now = options.now.getTime();
  const start = offer.startsAt ? Date.parse(offer.startsAt) : null;
  const end = offer.endsAt ? Date.parse(offer.endsAt) : null;
  if (start !== null && end !== null && end <= start)
    return drop('end-before-start', `ends ${offer.endsAt} before it starts ${offer.startsAt}`);
  if (end !== null && end <= now) return drop('ended', `over before the build (ended ${offer.endsAt})`);
  if (start !== null && start > now + options.windowHours * 3_600_000)
    return drop('not-started', `starts ${offer.startsAt}, after the build window (${options.windowHours} h)`);
  if (offer.status !== undefined && GONE.test(offer.status.trim()))
    return drop('inactive', `${offer.status.trim().toLowerCase()} at the network`);
  if (!offer.title && !offer.description) return drop('no-title');
  const code = cleanCode(offer.code);
  if (code === null) return drop('regex-code', `code "${offer.code.slice(0, 40)}" is a pattern, not a code`);
  const own = code !== '' && options.ownCodes.some((c) => c.toUpperCase() === code.toUpperCase());
  if (options.exclusive === 'drop') {
    if (offer.exclusive && !own) return drop('exclusive');
    if (!offer.public && !own) return drop('not-public');
  }
  const link = httpsLink(offer.trackingUrl);
  if (!link) return drop('bad-link', `link "${offer.trackingUrl.slice(0, 60)}" is not https`);
  return {
    keep: true,
    offer: { ...offer, code, title: offer.title || offer.description, link, landing: httpsLink(offer.destinationUrl) },
  };
}
