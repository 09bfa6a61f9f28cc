/**
 * What one console login costs (issue 40 part 5): the PBKDF2-SHA256 verify of ADMIN_PASSWORD_HASH
 * at several iteration counts, and a session cookie check, in Node's Web Crypto (the same API
 * workerd runs). Prints median milliseconds; no assertion.
 *
 *   node scripts/bench/admin-login.ts
 */
import { hashPassword, newSession, readSession, verifyPassword } from '../../src/server/admin-session.ts';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function time(run: () => Promise<unknown>, times: number): Promise<number> {
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await run();
    out.push(performance.now() - t);
  }
  return median(out);
}

for (const iterations of [10_000, 50_000, 100_000]) {
  const line = await hashPassword('a password of some length', iterations);
  const ms = await time(() => verifyPassword('a password of some length', line), 9);
  console.log(`PBKDF2 verify, ${iterations} iterations: ${ms.toFixed(1)} ms`);
}
const secret = 'x'.repeat(64);
const s = await newSession(secret, Date.now());
console.log(`session cookie check: ${(await time(() => readSession(secret, s.cookie, Date.now()), 51)).toFixed(3)} ms`);
