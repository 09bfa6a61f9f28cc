/**
 * Writes the sample brands' lettermark logos to public/logos/<slug>.svg.
 * Run: npx node scripts/lib/catalog/write-logos.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sampleLogoFiles } from '../../../src/catalog/sample.ts';

const dir = join(import.meta.dirname, '../../../public/logos');
mkdirSync(dir, { recursive: true });
let bytes = 0;
for (const [file, svg] of sampleLogoFiles()) {
  writeFileSync(join(dir, file), svg);
  bytes += svg.length;
}
console.log(`wrote ${sampleLogoFiles().size} logos (${bytes} bytes) to ${dir}`);
