/**
 * Turns raw JSON into a validated SiteConfig, or into errors a person can act on:
 * the file, each failing JSON path and a plain message.
 */
import type { z } from 'zod';
import { formatJsonPath } from '../catalog/json-path.ts';
import { type SiteConfig, siteConfigSchema } from './schema.ts';

export interface ConfigProblem {
  /** Dotted JSON path, e.g. "branding.colors.primary" or "content.navigation[2].href". */
  path: string;
  message: string;
}

export type ConfigResult = { ok: true; config: SiteConfig } | { ok: false; problems: ConfigProblem[] };

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    return `Unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}: check the spelling or remove ${issue.keys.length > 1 ? 'them' : 'it'}`;
  }
  if (issue.code === 'invalid_type' && issue.input === undefined) {
    return issue.message.startsWith('Invalid input') ? `Required: expected ${issue.expected}` : issue.message;
  }
  return issue.message;
}

/** Validates already-parsed JSON. */
export function validateSiteConfig(data: unknown): ConfigResult {
  const parsed = siteConfigSchema.safeParse(data);
  if (parsed.success) return { ok: true, config: parsed.data };
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) => ({ path: formatJsonPath(issue.path), message: issueMessage(issue) })),
  };
}

/** Parses JSON text (reporting syntax errors too) and validates it. */
export function parseSiteConfigText(text: string): ConfigResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return { ok: false, problems: [{ path: '(root)', message: `Not valid JSON: ${(err as Error).message}` }] };
  }
  return validateSiteConfig(data);
}

/** A readable report, e.g. for the build log. */
export function formatProblems(file: string, problems: ConfigProblem[]): string {
  const lines = problems.map((p) => `  - ${p.path}: ${p.message}`);
  return `Invalid site config ${file} (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${lines.join('\n')}`;
}

export class SiteConfigError extends Error {
  readonly file: string;
  readonly problems: ConfigProblem[];
  constructor(file: string, problems: ConfigProblem[]) {
    super(formatProblems(file, problems));
    this.name = 'SiteConfigError';
    this.file = file;
    this.problems = problems;
  }
}
