import { describe, expect, it, vi } from 'vitest';
import { withRetry } from '../../../src/api/retry.ts';

describe('withRetry', () => {
  it('waits 1000 then 2000 ms between 3 attempts and rethrows the last error', async () => {
    const waits: number[] = [];
    const fn = vi.fn(async (attempt: number) => {
      throw new Error(`fail ${attempt}`);
    });
    await expect(withRetry(fn, { sleep: async (ms) => void waits.push(ms) })).rejects.toThrow('fail 3');
    expect(fn).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([1000, 2000]);
  });
  it('stops at the first accepted value', async () => {
    const waits: number[] = [];
    const fn = vi.fn(async (attempt: number) => attempt);
    const value = await withRetry(fn, { sleep: async (ms) => void waits.push(ms), shouldRetry: (v) => v < 2 });
    expect(value).toBe(2);
    expect(waits).toEqual([1000]);
  });
  it('returns the last rejected value when every attempt is retried', async () => {
    const value = await withRetry(async () => 'bad', { attempts: 2, sleep: async () => {}, shouldRetry: () => true });
    expect(value).toBe('bad');
  });
});
