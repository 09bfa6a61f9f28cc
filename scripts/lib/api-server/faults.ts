/**
 * Fault injection for the reference API server, so e2e and unit tests can break one endpoint.
 *
 * A rule is a comma-separated list of faults:
 * - `status:<code>`          answer <code> (400…599) with `{"message":"Injected <code>"}`
 * - `status:<code>:bare`     the same status with an empty JSON object (the client uses its mapping)
 * - `status:<code>:envelope` the same status with `{success:false,error:"INJECTED",message}` (pass-through)
 * - `delay:<ms>`             wait before answering (e.g. 11000, past the client's 10 s timeout)
 * - `drop`                   destroy the socket without answering
 * - `malformed`              200 with a body that is not JSON
 * - `wrong-envelope`         200 with a code-style envelope that reports a failure
 *                            (`{"code":500,"message":"Injected wrong envelope"}`, SPEC §7 "code")
 * - `wrong-types`            the first item of the response's list gets fields of the wrong type
 * - `hostile`                every string of the response is replaced by an attack by its field name:
 *                            links and images get javascript:, data:, vbscript:, "//host" and control
 *                            characters, colours CSS injections, slugs "../" and "/", text markup
 *
 * Per request: header `X-Fault: <rule>` or query `__fault=<rule>`. Globally: POST /__faults with
 * `{"rule": "...", "path": "/api/coupons", "method": "GET", "times": 1}` (path prefix, method
 * and times optional); DELETE /__faults clears them; GET /__faults lists them.
 */

export type Fault =
  | { kind: 'status'; status: number; body: 'message' | 'bare' | 'envelope' }
  | { kind: 'delay'; ms: number }
  | { kind: 'drop' }
  | { kind: 'malformed' }
  | { kind: 'wrong-envelope' }
  | { kind: 'wrong-types' }
  | { kind: 'hostile' };

export interface FaultRule {
  rule: string;
  faults: Fault[];
  /** Path prefix, e.g. "/api/coupons"; every /api path when missing. */
  path?: string;
  method?: string;
  /** Remaining uses; unlimited when missing. */
  times?: number;
}

export class FaultError extends Error {}

export function parseFaults(rule: string): Fault[] {
  return rule
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part): Fault => {
      const [name, arg, extra] = part.split(':').map((s) => s.trim());
      switch (name) {
        case 'status': {
          const status = Number(arg);
          if (!Number.isInteger(status) || status < 400 || status > 599) {
            throw new FaultError(`status fault needs a code from 400 to 599: "${part}"`);
          }
          if (extra !== undefined && extra !== 'bare' && extra !== 'envelope') {
            throw new FaultError(`status fault body must be bare or envelope: "${part}"`);
          }
          return { kind: 'status', status, body: extra ?? 'message' };
        }
        case 'delay': {
          const ms = Number(arg);
          if (!Number.isFinite(ms) || ms < 0) throw new FaultError(`delay fault needs milliseconds: "${part}"`);
          return { kind: 'delay', ms };
        }
        case 'drop':
        case 'malformed':
        case 'wrong-envelope':
        case 'wrong-types':
        case 'hostile':
          return { kind: name };
        default:
          throw new FaultError(`unknown fault "${part}"`);
      }
    });
}

/** Global rules set through /__faults. */
export class FaultRegistry {
  rules: FaultRule[] = [];

  add(input: { rule?: unknown; path?: unknown; method?: unknown; times?: unknown }): FaultRule {
    if (typeof input.rule !== 'string') throw new FaultError('rule must be a string such as "status:500"');
    const rule: FaultRule = { rule: input.rule, faults: parseFaults(input.rule) };
    if (typeof input.path === 'string') rule.path = input.path;
    if (typeof input.method === 'string') rule.method = input.method.toUpperCase();
    if (typeof input.times === 'number' && input.times > 0) rule.times = Math.floor(input.times);
    this.rules.push(rule);
    return rule;
  }

  clear(): void {
    this.rules = [];
  }

  /** The faults of the first rule matching this request (using up one of its `times`). */
  take(method: string, pathname: string): Fault[] {
    const index = this.rules.findIndex(
      (r) => (!r.path || pathname.startsWith(r.path)) && (!r.method || r.method === method),
    );
    const rule = this.rules[index];
    if (!rule) return [];
    if (rule.times !== undefined) {
      rule.times -= 1;
      if (rule.times <= 0) this.rules.splice(index, 1);
    }
    return rule.faults;
  }
}

const WRONG_TYPES = { id: { not: 'a number' }, name: ['not', 'a', 'string'], title: ['not', 'a', 'string'] };

/** Corrupts the first object of the first list found in `data` (depth-first); returns a copy. */
export function corruptOneItem(data: unknown): unknown {
  let done = false;
  const visit = (value: unknown): unknown => {
    if (done || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) {
      if (value.length > 0 && typeof value[0] === 'object' && value[0] !== null) {
        done = true;
        return [{ ...(value[0] as object), ...WRONG_TYPES }, ...value.slice(1)];
      }
      return value;
    }
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[key] = visit(inner);
    return out;
  };
  return visit(data);
}

/** What the `hostile` fault writes, by kind of field (every payload that could run calls alert). */
export const HOSTILE_WIRE = {
  url: [
    "javascript:alert('xss-wire-url')",
    "JaVaScRiPt:alert('xss-wire-mixed')",
    "java\tscript:alert('xss-wire-tab')",
    "data:text/html,<script>alert('xss-wire-data')</script>",
    "vbscript:msgbox('xss-wire-vb')",
    '//evil.example/wire.png',
    '/\\evil.example/wire.png',
    'https://evil.example/\u0000wire.png',
  ],
  color: [
    'red;background-image:url(https://evil.example/wire-css);position:fixed',
    '#2563eb;background:url(//evil.example/wire-css2)',
  ],
  slug: ['../escape', 'a/b', '%2e%2e', ''],
  text: [
    "<script>alert('xss-wire-text')</script>",
    `"><img src=x onerror="alert('xss-wire-img')">`,
    "</script><script>alert('xss-wire-close')</script>",
  ],
} as const;

const URL_KEY = /(url|link|logo|image|img)$/i;

/** A copy of `data` with every string replaced by a payload chosen by its key (see HOSTILE_WIRE). */
export function hostileData(data: unknown): unknown {
  let n = 0;
  const pick = (list: readonly string[]) => list[n++ % list.length]!;
  const visit = (value: unknown, key: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => visit(v, key));
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v, k)]));
    if (typeof value !== 'string') return value;
    if (URL_KEY.test(key)) return pick(HOSTILE_WIRE.url);
    if (key === 'color') return pick(HOSTILE_WIRE.color);
    if (key === 'slug') return pick(HOSTILE_WIRE.slug);
    // (Not `status`: a status that is not a live one now leaves the offer out, issue 22; the
    // payloads ride in the texts the cards show.)
    if (['name', 'title', 'description', 'code', 'subtitle', 'icon', 'discount'].includes(key))
      return `${value} ${pick(HOSTILE_WIRE.text)}`;
    if (key === '') return `${value} ${pick(HOSTILE_WIRE.text)}`; // trending terms
    return value;
  };
  return visit(data, '');
}
