/**
 * Turns off zod's JIT before any schema is built (import it first, for its side effect). The
 * deploy CSP has no 'unsafe-eval' (README "Deploying"): zod would probe `new Function` while
 * creating object schemas, which the browser reports as a CSP violation even though zod
 * catches the error and falls back.
 */
import { z } from 'zod';

z.config({ jitless: true });
