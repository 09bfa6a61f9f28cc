/**
 * The two storages of the reference API's handlers, for the contract tests: node:sqlite (the
 * Node reference server) and Cloudflare D1 run for real in workerd through wrangler's
 * `getPlatformProxy` (a local D1 persisted in a temporary folder; no mock).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { getPlatformProxy } from 'wrangler';
import { sqliteStorage } from '../../../scripts/lib/api-server/sqlite-storage.ts';
import { type D1Like, d1Storage } from '../../../src/server/d1.ts';
import type { SqlStorage } from '../../../src/server/storage.ts';

export interface OpenedStorage {
  sql: SqlStorage;
  /** Closes the database; `reopen` then opens the same data again (a restart). */
  close(): Promise<void>;
  reopen(): Promise<OpenedStorage>;
}

export async function openSqlite(dir = mkdtempSync(join(tmpdir(), 'sqlite-contract-'))): Promise<OpenedStorage> {
  const db = new DatabaseSync(join(dir, 'api.sqlite'));
  return {
    sql: sqliteStorage(db),
    close: async () => db.close(),
    reopen: () => openSqlite(dir),
  };
}

export async function openD1(dir = mkdtempSync(join(tmpdir(), 'd1-contract-'))): Promise<OpenedStorage> {
  const configPath = join(dir, 'wrangler.json');
  writeFileSync(
    configPath,
    JSON.stringify({
      name: 'contract',
      compatibility_date: '2026-01-01',
      d1_databases: [{ binding: 'DB', database_name: 'feedback', database_id: 'local-feedback' }],
    }),
  );
  const proxy = await getPlatformProxy<{ DB: D1Like }>({ configPath, persist: { path: join(dir, 'state') } });
  return {
    sql: d1Storage(proxy.env.DB),
    close: () => proxy.dispose(),
    reopen: () => openD1(dir),
  };
}
