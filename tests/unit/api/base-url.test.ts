import { describe, expect, it } from 'vitest';
import { apiPath, apiUrl, DEV_API_BASE_URL, resolveApiBaseUrl, serializeParams } from '../../../src/api/base-url.ts';

describe('resolveApiBaseUrl', () => {
  it('lets the environment override win everywhere', () => {
    expect(resolveApiBaseUrl({ override: 'https://api.example.com/', hostname: 'localhost' })).toBe(
      'https://api.example.com',
    );
  });
  it('uses the local development address on a local host', () => {
    expect(resolveApiBaseUrl({ hostname: 'localhost', configBaseUrl: '/api' })).toBe(DEV_API_BASE_URL);
    expect(resolveApiBaseUrl({ hostname: '127.0.0.1' })).toBe('http://localhost:3001');
  });
  it('is empty in production unless the config names an absolute address', () => {
    expect(resolveApiBaseUrl({ hostname: 'coupons.example.com', configBaseUrl: '/api' })).toBe('');
    expect(resolveApiBaseUrl({ override: '  ', hostname: 'coupons.example.com' })).toBe('');
    expect(resolveApiBaseUrl({ hostname: 'x.com', configBaseUrl: 'https://api.x.com/api' })).toBe('https://api.x.com');
  });
});

describe('apiPath / apiUrl', () => {
  it('adds /api once', () => {
    expect(apiPath('/coupons')).toBe('/api/coupons');
    expect(apiPath('coupons')).toBe('/api/coupons');
    expect(apiPath('/api/coupons')).toBe('/api/coupons');
    expect(apiPath('/apis')).toBe('/api/apis');
    expect(apiUrl('/api', '/api/home')).toBe('/api/home');
    expect(apiUrl('http://h:1/', '/home')).toBe('http://h:1/api/home');
  });
  it('serializes params: undefined and null dropped, arrays comma-joined', () => {
    expect(serializeParams({ q: 'a b', page: 2, featured: true, brandId: undefined, x: null })).toBe(
      'q=a%20b&page=2&featured=true',
    );
    expect(serializeParams({ types: ['coupons', 'deals'], empty: [] })).toBe('types=coupons,deals');
    expect(apiUrl('', '/search?q=x', { page: 1 })).toBe('/api/search?q=x&page=1');
  });
});
