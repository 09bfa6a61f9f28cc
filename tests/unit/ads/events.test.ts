import { describe, expect, it, vi } from 'vitest';
import { AD_EVENT_TYPES, type AdEvent, createEventBus } from '../../../src/ads/core/events.ts';

const base = { platform: 'adsense', slotId: 'modal-top-1', position: 'modal-top', at: 1 };

describe('ad event bus', () => {
  it('typed listeners, onAny in order, unsubscribe', () => {
    const bus = createEventBus();
    const viewable = vi.fn();
    const all: AdEvent[] = [];
    const off = bus.on('viewable', viewable);
    bus.onAny((e) => all.push(e));
    bus.emit('requested', { ...base, attempt: 1, kind: 'banner' });
    bus.emit('viewable', base);
    off();
    bus.emit('viewable', base);
    expect(viewable).toHaveBeenCalledTimes(1);
    expect(all.map((e) => e.type)).toEqual(['requested', 'viewable', 'viewable']);
    expect(AD_EVENT_TYPES).toEqual(['requested', 'loaded', 'failed', 'timed-out', 'rendered', 'viewable', 'clicked']);
  });

  it('a listener that throws does not stop the others', () => {
    const errors: unknown[] = [];
    const bus = createEventBus((e) => errors.push(e));
    const second = vi.fn();
    bus.on('clicked', () => {
      throw new Error('listener bug');
    });
    bus.on('clicked', second);
    bus.emit('clicked', base);
    expect(second).toHaveBeenCalled();
    expect(errors).toHaveLength(1);
  });
});
