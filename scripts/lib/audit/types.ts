/** What every gate returns, so `scripts/audit.ts` and the tests treat them alike. */
export interface GateResult {
  /** Gate name: axe, vnu, links, seo, weight, lighthouse. */
  gate: string;
  passed: boolean;
  /** One line per problem, naming the page (URL path) and what is wrong. */
  failures: string[];
  /** Measured numbers, e.g. per page type for the README table. */
  figures?: Record<string, unknown>;
  /** Notes that do not fail the gate (filtered messages, skipped pages). */
  notes?: string[];
}

export function result(gate: string, failures: string[], extra: Omit<GateResult, 'gate' | 'passed' | 'failures'> = {}) {
  return { gate, passed: failures.length === 0, failures, ...extra } satisfies GateResult;
}
