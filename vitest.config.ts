import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Test files that run real `astro build`s. They run one file at a time: concurrent Astro builds
 * in one project share its content store and Vite caches (a build clears the content store when
 * its site config differs), which made a build fail now and then on a busy machine.
 */
const BUILD_TESTS = [
  'tests/unit/build/api-mode-build.test.ts',
  'tests/unit/build/build-sites.test.ts',
  'tests/unit/build/config-fields.test.ts',
  'tests/unit/security/catalog-build.test.ts',
  'tests/unit/security/secrets-build.test.ts',
  'tests/unit/edge/edge-site.test.ts',
];

export default defineConfig({
  resolve: {
    // The browser settings astro.config.mjs provides at build time (see tests/unit/stubs/).
    alias: {
      'virtual:site-runtime': fileURLToPath(new URL('./tests/unit/stubs/site-runtime.ts', import.meta.url)),
      'virtual:site-ads': fileURLToPath(new URL('./tests/unit/stubs/site-ads.ts', import.meta.url)),
      'virtual:clock-words': fileURLToPath(new URL('./tests/unit/stubs/clock-words.ts', import.meta.url)),
    },
  },
  test: {
    environment: 'node',
    // Catalogs some fixture sites read from generated files (tests/unit/stubs/generated-catalogs.ts).
    globalSetup: ['tests/unit/stubs/generated-catalogs.ts'],
    testTimeout: 20000,
    // Two files at a time, also on a 2-core machine (Vitest's default there is one: cores - 1). Most
    // files wait on child processes, servers, workerd or builds rather than the CPU; with one worker
    // the suite took 426 s in CI, every file behind the 2-minute edge build.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          exclude: BUILD_TESTS,
        },
      },
      { extends: true, test: { name: 'builds', include: BUILD_TESTS, fileParallelism: false } },
    ],
  },
});
