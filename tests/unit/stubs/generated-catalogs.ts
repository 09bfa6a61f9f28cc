/**
 * Vitest global setup: the catalogs fixture sites read from generated files exist before any
 * test reads every fixture site's config (tests/unit/deploy/header-lines.test.ts and others).
 * On a fresh clone the unit step runs before `build:test-sites`, which writes them too.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { EDGE_LARGE_CATALOG, writeEdgeLargeCatalog } from '../../fixtures/catalogs/edge-large.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

export default function setup(): void {
  if (!existsSync(resolve(ROOT, EDGE_LARGE_CATALOG))) writeEdgeLargeCatalog(ROOT);
}
