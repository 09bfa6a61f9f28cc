/**
 * The last gate of "nothing secret published" (ARCHITECTURE "published config"): after a site is
 * built, every emitted file (HTML, JS, CSS, JSON, XML, images…) is searched for the values of the
 * config's secret-looking fields (`apiKey`, `secret`, `token`, `password` in a key name; see
 * src/config/public.ts `secretValues`), raw and in the escaped forms a value takes in JSON, HTML
 * and URLs. One hit fails the build with the file and the config path named; the output is
 * removed so it cannot be deployed by mistake.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SecretValue, secretValues } from '../../../src/config/public.ts';
import type { SiteConfig } from '../../../src/config/schema.ts';

/** Values shorter than this are not searched for (they would match by chance); they get a warning. */
export const MIN_SCANNED_LENGTH = 6;

export interface SecretHit {
  /** Path of the file relative to the scanned folder, e.g. "_astro/Header.abc123.js". */
  file: string;
  /** The config field whose value was found, e.g. "features.newsletter.apiKey". */
  path: string;
}

function encodings(value: string): string[] {
  const html = value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const forms = [
    value,
    JSON.stringify(value).slice(1, -1),
    encodeURIComponent(value),
    html,
    html.replace(/&quot;/g, '&#34;'),
  ];
  return [...new Set(forms)];
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** Every (file, config path) pair where a secret value appears under `dir`. */
export async function findSecrets(dir: string, secrets: readonly SecretValue[]): Promise<SecretHit[]> {
  const needles = secrets
    .filter((s) => s.value.length >= MIN_SCANNED_LENGTH)
    .map((s) => ({ path: s.path, forms: encodings(s.value).map((f) => Buffer.from(f, 'utf8')) }));
  if (needles.length === 0) return [];
  const hits: SecretHit[] = [];
  for (const file of await filesUnder(dir)) {
    const bytes = await readFile(file);
    for (const needle of needles) {
      if (needle.forms.some((form) => bytes.includes(form)))
        hits.push({ file: relative(dir, file), path: needle.path });
    }
  }
  return hits.sort((a, b) => a.file.localeCompare(b.file) || a.path.localeCompare(b.path));
}

export class SecretLeakError extends Error {
  readonly hits: SecretHit[];
  constructor(siteId: string, hits: SecretHit[]) {
    const lines = hits.map((h) => `  - ${h.file}: the value of ${h.path}`);
    super(
      `Secret published by site "${siteId}": a secret-looking config value would reach ${hits.length === 1 ? 'an emitted file' : 'emitted files'}:\n${lines.join('\n')}\n` +
        'Remove the value from what the pages use, or keep it out of the site config (e.g. in the server that needs it). The output was deleted.',
    );
    this.name = 'SecretLeakError';
    this.hits = hits;
  }
}

/** Scans `dir`; on a hit deletes it and throws SecretLeakError. Returns the values too short to scan. */
export async function assertNoSecrets(dir: string, config: SiteConfig): Promise<SecretValue[]> {
  const secrets = secretValues(config);
  const hits = await findSecrets(dir, secrets);
  if (hits.length > 0) {
    await rm(dir, { recursive: true, force: true });
    throw new SecretLeakError(config.site.id, hits);
  }
  return secrets.filter((s) => s.value.length < MIN_SCANNED_LENGTH);
}

/** The Astro integration: runs `assertNoSecrets` over the output when the build is done. */
export function secretScan(config: SiteConfig) {
  return {
    name: 'secret-scan',
    hooks: {
      'astro:build:done': async ({
        dir,
        logger,
      }: {
        dir: URL;
        logger: { info(message: string): void; warn(message: string): void };
      }) => {
        const short = await assertNoSecrets(fileURLToPath(dir), config);
        for (const s of short) {
          logger.warn(`${s.path} is shorter than ${MIN_SCANNED_LENGTH} characters: not checked for leaks`);
        }
        logger.info(`no secret-looking config value in the output (${secretValues(config).length} checked)`);
      },
    },
  };
}
