/** Test doubles for the ad core: an in-memory key/value store with an optional consent gate. */
import type { KeyValueStore } from '../../../src/ads/core/tracker.ts';

export function memoryStore(
  initial: Record<string, string> = {},
  allowed: (key: string) => boolean = () => true,
): KeyValueStore & { data: Map<string, string>; writes: string[] } {
  const data = new Map(Object.entries(initial));
  const writes: string[] = [];
  return {
    data,
    writes,
    get: (k) => data.get(k) ?? null,
    set: (k, v) => {
      if (!allowed(k)) return false;
      writes.push(k);
      data.set(k, v);
      return true;
    },
    remove: (k) => {
      data.delete(k);
    },
  };
}

/** A fake element that records attributes and lets a test fire its load / error events. */
export class FakeElement {
  tagName: string;
  attributes: Record<string, string> = {};
  listeners: Record<string, (() => void)[]> = {};
  async = false;
  src = '';
  rel = '';
  href = '';
  crossOrigin: string | null = null;
  constructor(tag: string) {
    this.tagName = tag.toUpperCase();
  }
  setAttribute(k: string, v: string) {
    this.attributes[k] = v;
  }
  addEventListener(type: string, fn: () => void) {
    this.listeners[type] ??= [];
    this.listeners[type].push(fn);
  }
  fire(type: 'load' | 'error') {
    for (const fn of this.listeners[type] ?? []) fn();
  }
}

/** A fake document: every appended element is kept in `appended`. */
export function fakeDocument() {
  const appended: FakeElement[] = [];
  const doc = {
    appended,
    createElement: (tag: string) => new FakeElement(tag),
    head: { appendChild: (el: FakeElement) => appended.push(el) },
    documentElement: { appendChild: (el: FakeElement) => appended.push(el) },
  };
  return doc as unknown as Document & { appended: FakeElement[] };
}
