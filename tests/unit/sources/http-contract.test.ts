/**
 * The CatalogSource contract over real HTTP: the reference API server (in-process, port 0) serving
 * a catalog, read back through the API client and `createHttpSource`.
 */
import { afterAll, beforeAll } from 'vitest';
import { type RunningApiServer, startApiServer } from '../../../scripts/lib/api-server/server.ts';
import { createApiClient } from '../../../src/api/client.ts';
import { createSampleCatalog, generateCatalog } from '../../../src/catalog/sample.ts';
import { createHttpSource } from '../../../src/sources/http/source.ts';
import { inEnglish } from '../../fixtures/catalogs/sample-en.ts';
import { runCatalogContract } from './contract.ts';

const now = new Date('2026-05-10T12:00:00Z');
// The API serves every language; the HTTP source asks for the default one (English).
const localizedSample = createSampleCatalog(now);
const localizedMedium = generateCatalog({ brands: 120, coupons: 1500, deals: 300, seed: 42, now });
const sample = inEnglish(localizedSample);
const medium = inEnglish(localizedMedium);

let sampleServer: RunningApiServer;
let mediumServer: RunningApiServer;

beforeAll(async () => {
  sampleServer = await startApiServer({ port: 0, catalog: localizedSample, now });
  // The `{code: 0, data}` envelope, so both envelope styles go through the contract.
  mediumServer = await startApiServer({ port: 0, catalog: localizedMedium, now, envelope: 'code' });
});
afterAll(async () => {
  await Promise.all([sampleServer.close(), mediumServer.close()]);
});

const httpSource = (server: () => RunningApiServer) => () =>
  createHttpSource(createApiClient({ baseUrl: server().url, siteId: 'default', getToken: () => null }));

runCatalogContract(
  'http (sample)',
  httpSource(() => sampleServer),
  sample,
  { now },
);
runCatalogContract(
  'http (generated, code envelope)',
  httpSource(() => mediumServer),
  medium,
  { now },
);
