import { describe, expect, it, vi } from 'vitest';
import { createEventBus } from '../../../src/ads/core/events.ts';
import { createReporter } from '../../../src/ads/core/reporter.ts';
import type { ApiClient } from '../../../src/api/client.ts';

const base = { platform: 'adsense', slotId: 'modal-top-1', position: 'modal-top', at: 1 };

function fakeClient(result: unknown = { success: true, data: {} }) {
  const posts: { path: string; body: unknown }[] = [];
  const client = {
    url: (p: string) => `http://api.test/api${p}`,
    post: vi.fn(async (path: string, body?: unknown) => {
      posts.push({ path, body });
      if (result instanceof Error) throw result;
      return result;
    }),
  } as unknown as ApiClient;
  return { client, posts };
}

function setup(
  opts: {
    apiMode?: boolean;
    allowed?: () => boolean;
    beacon?: (url: string, data: Blob) => boolean;
    result?: unknown;
    maxQueue?: number;
    maxBatch?: number;
  } = {},
) {
  const bus = createEventBus();
  const { client, posts } = fakeClient(opts.result);
  const timers: (() => void)[] = [];
  const warn = vi.fn();
  let n = 0;
  const reporter = createReporter({
    bus,
    client: () => client,
    apiMode: opts.apiMode ?? true,
    allowed: opts.allowed ?? (() => true),
    sendBeacon: opts.beacon,
    setTimer: (fn) => timers.push(fn),
    warn,
    newId: () => `e${++n}`,
    ...(opts.maxQueue ? { maxQueue: opts.maxQueue } : {}),
    ...(opts.maxBatch ? { maxBatch: opts.maxBatch } : {}),
  });
  return { bus, posts, timers, warn, reporter, client };
}

describe('ad event reporter', () => {
  it('batches: one timer, several events → one POST /ads/events/batch with impression/click names', async () => {
    const { bus, posts, timers, reporter } = setup();
    bus.emit('requested', { ...base, attempt: 1, kind: 'banner' });
    bus.emit('viewable', base);
    bus.emit('clicked', base);
    expect(timers).toHaveLength(1);
    expect(posts).toEqual([]);
    timers[0]?.();
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]?.path).toBe('/ads/events/batch');
    const events = (posts[0]!.body as { events: { id: string; type: string; platform: string }[] }).events;
    expect(events.map((e) => [e.id, e.type, e.platform])).toEqual([
      ['e1', 'requested', 'adsense'],
      ['e2', 'impression', 'adsense'],
      ['e3', 'click', 'adsense'],
    ]);
    expect(reporter.pending()).toEqual([]);
  });

  it('a single event goes to POST /ads/events; batches are split at maxBatch', async () => {
    const one = setup();
    one.bus.emit('viewable', base);
    await one.reporter.flush();
    expect(one.posts.map((p) => p.path)).toEqual(['/ads/events']);
    expect(one.posts[0]?.body).toMatchObject({ id: 'e1', type: 'impression' });

    const many = setup({ maxBatch: 2 });
    for (let i = 0; i < 5; i++) many.bus.emit('viewable', base);
    await many.reporter.flush();
    expect(many.posts.map((p) => p.path)).toEqual(['/ads/events/batch', '/ads/events/batch', '/ads/events']);
  });

  it('no duplicates: flushing twice, or a failed request, never sends an event again; failures are only logged', async () => {
    const { bus, posts, reporter, warn } = setup({ result: { success: false, error: 'server', message: 'Boom' } });
    bus.emit('viewable', base);
    bus.emit('clicked', base);
    await Promise.all([reporter.flush(), reporter.flush()]);
    await reporter.flush();
    expect(posts).toHaveLength(1);
    expect(warn).toHaveBeenCalledTimes(1);

    const thrown = setup({ result: new Error('network down') });
    thrown.bus.emit('viewable', base);
    await expect(thrown.reporter.flush()).resolves.toBeUndefined();
    expect(thrown.warn).toHaveBeenCalledTimes(1);
  });

  it('pagehide: sendBeacon to the batch URL; a refused beacon falls back to a normal POST, once', async () => {
    const beacons: { url: string; body: string }[] = [];
    const ok = setup({
      beacon: (url, data) => {
        void data.text().then((t) => beacons.push({ url, body: t }));
        return true;
      },
    });
    ok.bus.emit('viewable', base);
    ok.bus.emit('clicked', base);
    await ok.reporter.flushOnHide();
    await vi.waitFor(() => expect(beacons).toHaveLength(1));
    expect(beacons[0]?.url).toBe('http://api.test/api/ads/events/batch');
    expect(JSON.parse(beacons[0]?.body ?? '{}').events).toHaveLength(2);
    expect(ok.posts).toEqual([]);
    await ok.reporter.flushOnHide();
    expect(beacons).toHaveLength(1);

    const refused = setup({ beacon: () => false });
    refused.bus.emit('viewable', base);
    await refused.reporter.flushOnHide();
    expect(refused.posts.map((p) => p.path)).toEqual(['/ads/events']);

    const none = setup();
    none.bus.emit('viewable', base);
    none.bus.emit('viewable', base);
    await none.reporter.flushOnHide();
    expect(none.posts.map((p) => p.path)).toEqual(['/ads/events/batch']);
  });

  it('nothing before consent: events emitted then are not kept; queued events are dropped when consent goes', async () => {
    let consent = false;
    const { bus, posts, timers, reporter } = setup({ allowed: () => consent });
    bus.emit('viewable', base);
    expect(reporter.pending()).toEqual([]);
    expect(timers).toEqual([]);
    consent = true;
    bus.emit('clicked', base);
    consent = false;
    await reporter.flush();
    await reporter.flushOnHide();
    expect(posts).toEqual([]);
  });

  it('static-data mode: nothing is queued or sent, whatever the consent', async () => {
    const beacon = vi.fn(() => true);
    const { bus, posts, timers, reporter } = setup({ apiMode: false, beacon });
    bus.emit('viewable', base);
    await reporter.flush();
    await reporter.flushOnHide();
    expect(timers).toEqual([]);
    expect(posts).toEqual([]);
    expect(beacon).not.toHaveBeenCalled();
  });

  it('bounded queue: beyond maxQueue the oldest events are dropped', () => {
    const { bus, reporter } = setup({ maxQueue: 3 });
    for (let i = 0; i < 5; i++) bus.emit('viewable', { ...base, at: i });
    expect(reporter.pending().map((e) => e.at)).toEqual([2, 3, 4]);
  });
});
