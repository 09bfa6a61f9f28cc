import { describe, expect, it } from 'vitest';
import {
  discountNumber,
  formatDiscount,
  formatPrice,
  isExpiringWithin,
  isLowStock,
  savingsAmount,
  savingsPercent,
} from '../../../src/catalog/display.ts';

describe('formatDiscount', () => {
  it('rounds percentages', () => {
    expect(formatDiscount({ discount: '19.6% OFF', discountType: 'percentage' })).toBe('20% OFF');
    expect(formatDiscount({ discount: 25, discountType: 'percentage' })).toBe('25% OFF');
  });
  it('prefixes the currency symbol for amounts', () => {
    expect(formatDiscount({ discount: '15', discountType: 'fixed' })).toBe('$15 OFF');
    expect(formatDiscount({ discount: '$7.5 off', discountType: 'fixed' })).toBe('$7.50 OFF');
    expect(formatDiscount({ discount: 10, discountType: 'fixed' }, { currency: 'EUR', locale: 'en-US' })).toBe(
      '€10 OFF',
    );
  });
  it('passes free shipping and bogo text through', () => {
    expect(formatDiscount({ discount: 'Free Shipping', discountType: 'free_shipping' })).toBe('Free Shipping');
    expect(formatDiscount({ discount: 'Buy 1 Get 1', discountType: 'bogo' })).toBe('Buy 1 Get 1');
    expect(formatDiscount({ discount: '', discountType: 'bogo' })).toBe('BOGO');
    expect(formatDiscount({ discount: 'Special offer', discountType: 'fixed' })).toBe('Special offer');
  });
});

describe('formatPrice', () => {
  it('uses 0 to 2 decimals', () => {
    expect(formatPrice(20)).toBe('$20');
    expect(formatPrice(19.5)).toBe('$19.50');
    expect(formatPrice(1234.567)).toBe('$1,234.57');
    expect(formatPrice(5, 'EUR', 'de-DE')).toMatch(/^5\s€$/);
    expect(formatPrice(5, 'NOPE')).toBe('$5');
  });
});

describe('deal helpers', () => {
  it('computes savings', () => {
    expect(savingsAmount({ originalPrice: 100, salePrice: 79.99 })).toBe(20.01);
    expect(savingsAmount({ originalPrice: 50, salePrice: 60 })).toBeNull();
    expect(savingsAmount({ originalPrice: null, salePrice: 60 })).toBeNull();
    expect(savingsPercent({ originalPrice: 200, salePrice: 150 })).toBe(25);
  });
  it('flags low stock under 10', () => {
    expect(isLowStock(9)).toBe(true);
    expect(isLowStock(10)).toBe(false);
    expect(isLowStock(null)).toBe(false);
  });
});

describe('discountNumber', () => {
  it('takes the first number', () => {
    expect(discountNumber('Up to 30% off plus 10')).toBe(30);
    expect(discountNumber('$1,250 OFF')).toBe(1250);
    expect(discountNumber('Free Shipping')).toBe(0);
  });
});

describe('isExpiringWithin', () => {
  const now = new Date('2026-05-10T12:00:00Z');
  it('is true only between now and now+days', () => {
    expect(isExpiringWithin('2026-05-12T00:00:00Z', 7, now)).toBe(true);
    expect(isExpiringWithin('2026-05-17T12:00:00Z', 7, now)).toBe(true);
    expect(isExpiringWithin('2026-05-17T12:00:01Z', 7, now)).toBe(false);
    expect(isExpiringWithin('2026-05-09T00:00:00Z', 7, now)).toBe(false);
    expect(isExpiringWithin(null, 7, now)).toBe(false);
  });
});
