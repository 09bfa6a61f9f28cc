import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // The browser settings astro.config.mjs provides at build time (see tests/unit/stubs/).
    alias: { 'virtual:site-runtime': fileURLToPath(new URL('./tests/unit/stubs/site-runtime.ts', import.meta.url)) },
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 20000,
  },
});
