/**
 * What a route answers, and how that becomes a response body (SPEC §3 "Paged response", §7).
 *
 * Envelope styles (header `X-Envelope` or query `__envelope`, default `success`):
 * - `success`: `{success:true, data}`; paged lists add `pagination` beside `data`.
 * - `code`:    `{code:0, message:"ok", data}` (plus `pagination`).
 * - `raw`:     the data alone; a standard paged list is then a bare array (no total).
 * The deals list is `data: {items, pagination:{total, page, total_page}}` in every style.
 */
import type { Page } from '../catalog/source.ts';

export type PageShape = 'standard' | 'deals';

export type Reply =
  | { kind: 'data'; data: unknown }
  | { kind: 'page'; page: Page<unknown>; shape: PageShape }
  | { kind: 'error'; status: number; message: string; headers?: Record<string, string> };

export const ENVELOPES = ['success', 'code', 'raw'] as const;
export type Envelope = (typeof ENVELOPES)[number];

export const data = (value: unknown): Reply => ({ kind: 'data', data: value });
export const paged = (page: Page<unknown>, shape: PageShape = 'standard'): Reply => ({ kind: 'page', page, shape });
export const fail = (status: number, message: string, headers?: Record<string, string>): Reply =>
  headers ? { kind: 'error', status, message, headers } : { kind: 'error', status, message };
/** 429 (a limit) or 503 (the daily budget): nothing was stored; come back after `seconds`. */
export const refuse = (status: 429 | 503, message: string, seconds: number): Reply =>
  fail(status, message, { 'Retry-After': String(Math.max(1, Math.ceil(seconds))) });
export const orNotFound = (value: unknown, what: string): Reply =>
  value === null || value === undefined ? fail(404, `${what} not found`) : data(value);

/** The response body of a non-error reply. */
export function envelope(reply: Exclude<Reply, { kind: 'error' }>, style: Envelope): unknown {
  if (reply.kind === 'data') return wrap(reply.data, undefined, style);
  const { page, shape } = reply;
  if (shape === 'deals') {
    return wrap(
      { items: page.items, pagination: { total: page.total, page: page.page, total_page: page.totalPages } },
      undefined,
      style,
    );
  }
  const pagination = { page: page.page, size: page.pageSize, total: page.total, totalPage: page.totalPages };
  return wrap(page.items, pagination, style);
}

function wrap(value: unknown, pagination: unknown, style: Envelope): unknown {
  const extra = pagination === undefined ? {} : { pagination };
  if (style === 'raw') return value;
  if (style === 'code') return { code: 0, message: 'ok', data: value, ...extra };
  return { success: true, data: value, ...extra };
}
