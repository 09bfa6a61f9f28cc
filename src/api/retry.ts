/**
 * The retry helper of SPEC §9: 3 attempts, waiting 1000 ms then 2000 ms (doubling) between them.
 */

export type Sleep = (ms: number) => Promise<void>;

export const defaultSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RetryOptions<T> {
  /** Total attempts including the first. Default 3. */
  attempts?: number;
  /** Wait before the second attempt. Default 1000 ms. */
  initialDelayMs?: number;
  /** Each later wait is the previous one times this. Default 2. */
  factor?: number;
  /** Injected for tests; defaults to setTimeout. */
  sleep?: Sleep;
  /** A resolved value that should also be retried (e.g. an `ApiResult` with `success: false`). */
  shouldRetry?: (value: T) => boolean;
}

export const RETRY_DEFAULTS = { attempts: 3, initialDelayMs: 1000, factor: 2 } as const;

/**
 * Runs `fn` until it resolves with a value `shouldRetry` accepts, up to `attempts` times.
 * Returns the last value, or rethrows the last error when the last attempt threw.
 */
export async function withRetry<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions<T> = {}): Promise<T> {
  const {
    attempts = RETRY_DEFAULTS.attempts,
    initialDelayMs = RETRY_DEFAULTS.initialDelayMs,
    factor = RETRY_DEFAULTS.factor,
    sleep = defaultSleep,
    shouldRetry,
  } = options;
  const total = Math.max(1, Math.floor(attempts));
  let delay = initialDelayMs;
  for (let attempt = 1; ; attempt++) {
    const isLast = attempt >= total;
    try {
      const value = await fn(attempt);
      if (isLast || !shouldRetry?.(value)) return value;
    } catch (error) {
      if (isLast) throw error;
    }
    await sleep(delay);
    delay *= factor;
  }
}
