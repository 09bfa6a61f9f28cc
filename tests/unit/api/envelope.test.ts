import { describe, expect, it } from 'vitest';
import { errorFromResponse, unwrapEnvelope } from '../../../src/api/client.ts';

describe('unwrapEnvelope', () => {
  it('wraps a body with neither code nor success', () => {
    expect(unwrapEnvelope([1, 2], 200)).toEqual({ success: true, data: [1, 2] });
    expect(unwrapEnvelope({ items: [] }, 200)).toEqual({ success: true, data: { items: [] } });
  });
  it('passes a body with success through unchanged', () => {
    const body = { success: false, error: 'X', message: 'y', extra: 1 };
    expect(unwrapEnvelope(body, 200)).toBe(body);
  });
  it('treats code 0 and 200 as success, anything else as an error', () => {
    expect(unwrapEnvelope({ code: 0, data: 5 }, 200)).toEqual({ success: true, data: 5 });
    expect(unwrapEnvelope({ code: 200, data: 5, message: 'ok' }, 200)).toEqual({
      success: true,
      data: 5,
      message: 'ok',
    });
    expect(unwrapEnvelope({ code: 4001, message: 'nope' }, 200)).toEqual({
      success: false,
      error: 'API_ERROR',
      message: 'nope',
      status: 200,
    });
  });
});

describe('errorFromResponse', () => {
  it('prefers the server message, else the mapping', () => {
    expect(errorFromResponse({ message: 'Coupon gone' }, 404)).toEqual({
      success: false,
      error: 'HTTP 404',
      message: 'Coupon gone',
      status: 404,
    });
    expect(errorFromResponse(undefined, 418)).toEqual({
      success: false,
      error: 'HTTP 418',
      message: 'An error occurred',
      status: 418,
    });
  });
});
