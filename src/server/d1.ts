/**
 * `SqlStorage` (./storage.ts) over a Cloudflare D1 binding: the Worker of an edge site keeps
 * shoppers' feedback, contact messages, sign-ups and ad events in D1 (SQLite). The binding's
 * shape is declared here (the part used), so nothing imports Cloudflare's types.
 */
import type { SqlStorage, SqlValue } from './storage.ts';

interface D1Statement {
  bind(...values: SqlValue[]): D1Statement;
  run(): Promise<{ meta: { changes?: number } }>;
  all<T>(): Promise<{ results: T[] }>;
}
export interface D1Like {
  prepare(sql: string): D1Statement;
  batch(statements: D1Statement[]): Promise<unknown>;
}

export function d1Storage(db: D1Like): SqlStorage {
  const statement = (sql: string, params: readonly SqlValue[] = []) => db.prepare(sql).bind(...params);
  return {
    async run(sql, params) {
      const result = await statement(sql, params).run();
      return { changes: Number(result.meta.changes ?? 0) };
    },
    async all<Row extends Record<string, unknown>>(sql: string, params?: readonly SqlValue[]) {
      return (await statement(sql, params).all<Row>()).results;
    },
    async batch(statements) {
      if (statements.length === 0) return;
      await db.batch(statements.map((s) => statement(s.sql, s.params)));
    },
  };
}
