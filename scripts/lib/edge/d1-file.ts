/**
 * The local D1 database of a Worker run by `npm run edge` (wrangler dev keeps it as a SQLite
 * file under the --data folder), and a row count read from it: how the abuse bench and the edge
 * tests see what the Worker stored, without going through the Worker.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

export function d1File(dataDir: string): string {
  const found = readdirSync(dataDir, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.sqlite') && f.includes('D1') && !f.includes('metadata'),
  );
  if (!found[0]) throw new Error(`No D1 database under ${dataDir}`);
  return join(dataDir, found[0]);
}

/** Rows of `table` (optionally `WHERE where`) in the Worker's D1; 0 while the table does not exist. */
export function d1Rows(dataDir: string, table: string, where = '1 = 1'): number {
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(d1File(dataDir), { readOnly: true });
    return Number((db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`).get() as { n: number }).n);
  } catch {
    return 0;
  } finally {
    db?.close();
  }
}
