/** Node-side loading of `sites/<id>.json` with readable errors (used by astro.config.mjs and scripts). */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { SiteConfig } from './schema.ts';
import { type ConfigProblem, parseSiteConfigText, SiteConfigError } from './validate.ts';

export const DEFAULT_SITES_DIR = resolve(import.meta.dirname, '../../sites');

export interface SiteFile {
  /** File name without extension, e.g. "default". */
  name: string;
  file: string;
}

/** Every `*.json` in the sites folder, sorted, "default" first. */
export function listSiteFiles(dir = DEFAULT_SITES_DIR): SiteFile[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.startsWith('.') && !f.endsWith('.schema.json'))
    .sort((a, b) => (a === 'default.json' ? -1 : b === 'default.json' ? 1 : a.localeCompare(b)))
    .map((f) => ({ name: basename(f, '.json'), file: join(dir, f) }));
}

export type LoadedSite =
  | { file: string; ok: true; config: SiteConfig }
  | { file: string; ok: false; problems: ConfigProblem[] };

export function readSiteFile(file: string): LoadedSite {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    return { file, ok: false, problems: [{ path: '(file)', message: `Cannot read file: ${(err as Error).message}` }] };
  }
  const result = parseSiteConfigText(text);
  if (!result.ok) return { file, ok: false, problems: result.problems };
  const expected = basename(file, '.json');
  if (result.config.site.id !== expected) {
    return {
      file,
      ok: false,
      problems: [
        {
          path: 'site.id',
          message: `Site ID "${result.config.site.id}" must match the file name "${expected}.json" (rename the file or change the id)`,
        },
      ],
    };
  }
  return { file, ok: true, config: result.config };
}

/** Loads and validates one site by id; throws SiteConfigError naming the file and paths. */
export function loadSiteConfig(id: string, dir = DEFAULT_SITES_DIR): SiteConfig {
  const file = join(dir, `${id}.json`);
  const loaded = readSiteFile(file);
  if (!loaded.ok) throw new SiteConfigError(file, loaded.problems);
  return loaded.config;
}
