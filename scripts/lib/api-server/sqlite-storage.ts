/**
 * `SqlStorage` (src/server/storage.ts) over Node's built-in `node:sqlite`: the reference API
 * server's storage (the Worker's is D1, src/server/d1.ts). Same SQL, same rules.
 */
import type { DatabaseSync } from 'node:sqlite';
import type { SqlStorage } from '../../../src/server/storage.ts';

export function sqliteStorage(db: DatabaseSync): SqlStorage {
  return {
    async run(sql, params = []) {
      return { changes: Number(db.prepare(sql).run(...params).changes) };
    },
    async all<Row extends Record<string, unknown>>(sql: string, params: readonly (string | number | null)[] = []) {
      return db.prepare(sql).all(...params) as Row[];
    },
    async batch(statements) {
      db.exec('BEGIN');
      try {
        for (const s of statements) db.prepare(s.sql).run(...(s.params ?? []));
        db.exec('COMMIT');
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
    },
  };
}
