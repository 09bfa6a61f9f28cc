/**
 * Affiliate-network feeds → a catalog file (issue 30; docs/networks/, docs/operators.md):
 *
 *   npm run import -- --from awin:feeds/awin.json --from awin-csv:feeds/awin.csv \
 *     --from rakuten:feeds/rakuten.xml --from cj:feeds/cj.xml --from impact:api \
 *     --out catalogs/my-site.json [--previous catalogs/my-site.json] [--mapping m.json] [--dry-run]
 *
 * Exit 0: written (or dry run); 1: a feed could not be read, or the result was refused (broken or
 * much smaller than the current file, which is kept); 2: usage.
 */
import { runImport } from './lib/import/run.ts';

const { code } = await runImport(process.argv.slice(2));
process.exit(code);
