import { describe, expect, it, vi } from 'vitest';
import { copyText, copyWithExecCommand } from '../../../src/shopper-actions/clipboard.ts';
import { couponStoreUrl, dealUrl, openOutbound, safeOutboundUrl } from '../../../src/shopper-actions/outbound.ts';

function fakeDocument(execResult: boolean | 'throw') {
  const removed: unknown[] = [];
  const area = {
    value: '',
    style: {} as Record<string, string>,
    setAttribute() {},
    select() {},
    setSelectionRange() {},
    remove() {
      removed.push(this);
    },
  };
  const doc = {
    body: { appendChild: vi.fn() },
    activeElement: null,
    createElement: () => area,
    execCommand: vi.fn(() => {
      if (execResult === 'throw') throw new Error('nope');
      return execResult;
    }),
  };
  return { doc: doc as unknown as Document, area, removed };
}

describe('copyText', () => {
  it('uses the Clipboard API first', async () => {
    const writeText = vi.fn(async () => {});
    const { doc } = fakeDocument(true);
    expect(await copyText('SAVE10', { clipboard: { writeText }, document: doc })).toBe(true);
    expect(writeText).toHaveBeenCalledWith('SAVE10');
    expect(doc.execCommand).not.toHaveBeenCalled();
  });

  it('falls back to textarea + execCommand when the API is missing or rejects', async () => {
    const { doc, area, removed } = fakeDocument(true);
    expect(await copyText('A1', { clipboard: undefined, document: doc })).toBe(true);
    expect(area.value).toBe('A1');
    expect(removed).toHaveLength(1);
    const rejecting = { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) };
    expect(await copyText('A2', { clipboard: rejecting, document: doc })).toBe(true);
    expect(doc.execCommand).toHaveBeenCalledWith('copy');
  });

  it('is false when both fail (and never throws)', async () => {
    const rejecting = { writeText: async () => Promise.reject(new Error('denied')) };
    expect(await copyText('X', { clipboard: rejecting, document: fakeDocument(false).doc })).toBe(false);
    expect(await copyText('X', { clipboard: rejecting, document: fakeDocument('throw').doc })).toBe(false);
    expect(copyWithExecCommand('X', undefined)).toBe(false);
  });
});

describe('outbound links', () => {
  it('only http(s) addresses', () => {
    expect(safeOutboundUrl('https://shop.example/a?b=1')).toBe('https://shop.example/a?b=1');
    expect(safeOutboundUrl('javascript:alert(1)')).toBeNull();
    expect(safeOutboundUrl('data:text/html,x')).toBeNull();
    expect(safeOutboundUrl('/relative')).toBeNull();
    expect(safeOutboundUrl('')).toBeNull();
  });

  it('deal: tracking url, else origin url; coupon: link, else brand site/tracking', () => {
    expect(dealUrl({ trackingUrl: 'javascript:x', originUrl: 'https://o.example/', link: null })).toBe(
      'https://o.example/',
    );
    expect(dealUrl({ trackingUrl: 'https://t.example/', originUrl: 'https://o.example/', link: null })).toBe(
      'https://t.example/',
    );
    expect(couponStoreUrl({ link: null }, { siteUrl: 'http://b.example/', trackingUrl: null })).toBe(
      'http://b.example/',
    );
  });

  it('opens a new tab with noopener,noreferrer; a blocked pop-up only warns', () => {
    const open = vi.fn(() => null);
    expect(openOutbound('https://s.example/', open)).toBe('opened');
    expect(open).toHaveBeenCalledWith('https://s.example/', '_blank', 'noopener,noreferrer');
    expect(openOutbound('ftp://s.example/', open)).toBe('invalid');
    expect(open).toHaveBeenCalledTimes(1);
    const warn = vi.fn();
    const blocked = () => {
      throw new Error('blocked');
    };
    expect(openOutbound('https://s.example/', blocked, warn)).toBe('blocked');
    expect(warn).toHaveBeenCalled();
  });
});
