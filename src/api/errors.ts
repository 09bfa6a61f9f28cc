/**
 * The API result shape and the error catalogue of SPEC §8.
 *
 * Every call made through the API client resolves to an `ApiResult`; it never throws.
 */

/** What every call of the API client resolves to. */
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

export interface ApiSuccess<T> {
  success: true;
  data: T;
  message?: string;
  /** Paged responses carry their pagination beside `data` (SPEC §3 "Paged response"). */
  pagination?: unknown;
}

export interface ApiFailure {
  success: false;
  /** `HTTP {status}`, `NETWORK_ERROR`, `REQUEST_ERROR`, `INVALID_RESPONSE` or `API_ERROR` (or the server's own). */
  error: string;
  message: string;
  status?: number;
}

/** SPEC §8 "Status text mapping". */
export const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  429: 'Too many requests',
  500: 'Internal server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
};

/** Text for statuses outside the mapping. */
export const UNKNOWN_STATUS_TEXT = 'An error occurred';

export const NETWORK_ERROR = 'NETWORK_ERROR';
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection.';
export const REQUEST_ERROR = 'REQUEST_ERROR';
export const REQUEST_ERROR_MESSAGE = 'Failed to make request';
/** An ok response whose body is not JSON. Not in the SPEC: we report it instead of throwing. */
export const INVALID_RESPONSE = 'INVALID_RESPONSE';
export const INVALID_RESPONSE_MESSAGE = 'Invalid response from server';
/** A `{code, …}` envelope whose code is neither 0 nor 200. */
export const API_ERROR = 'API_ERROR';

/** The SPEC §8 text for an HTTP status. */
export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? UNKNOWN_STATUS_TEXT;
}

export function httpError(status: number, serverMessage?: unknown): ApiFailure {
  const message = typeof serverMessage === 'string' && serverMessage.trim() !== '' ? serverMessage : statusText(status);
  return { success: false, error: `HTTP ${status}`, message, status };
}

export function networkError(): ApiFailure {
  return { success: false, error: NETWORK_ERROR, message: NETWORK_ERROR_MESSAGE };
}

export function requestError(): ApiFailure {
  return { success: false, error: REQUEST_ERROR, message: REQUEST_ERROR_MESSAGE };
}

export function invalidResponse(status: number): ApiFailure {
  return { success: false, error: INVALID_RESPONSE, message: INVALID_RESPONSE_MESSAGE, status };
}

/** An `ApiFailure` as a thrown error, for callers that need a rejection (e.g. cached fetcher stores). */
export class ApiResultError extends Error {
  readonly error: string;
  readonly status: number | undefined;
  constructor(failure: ApiFailure) {
    super(failure.message);
    this.name = 'ApiResultError';
    this.error = failure.error;
    this.status = failure.status;
  }
}

/** The data of a successful result; throws `ApiResultError` for a failed one. */
export function unwrapResult<T>(result: ApiResult<T>): T {
  if (result.success) return result.data;
  throw new ApiResultError(result);
}
