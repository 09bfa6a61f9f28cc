/**
 * Credentials written inside addresses (issue 23): besides being refused by the validation
 * (tests/unit/config/refused.test.ts), they are among the values the build's secret scan looks for
 * in every emitted file, like the values of secret-named keys.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSites } from '../../../scripts/lib/build-sites/build.ts';
import { findSecrets } from '../../../scripts/lib/build-sites/secret-scan.ts';
import { envUrlSecret } from '../../../scripts/lib/config/env-check.ts';
import { secretValues } from '../../../src/config/public.ts';
import { urlSecretProblem, urlSecrets } from '../../../src/config/url-secrets.ts';
import { defaultConfig } from '../config/helpers.ts';

describe('credentials inside addresses', () => {
  it('finds user:pass@, secret query and fragment parameters; ignores ordinary addresses and text', () => {
    expect(urlSecrets('https://deploy:hunter22@api.shop.example/api')).toEqual([
      { what: 'a user name ("user@" before the host)', value: 'deploy' },
      { what: 'a password ("user:pass@" before the host)', value: 'hunter22' },
    ]);
    expect(urlSecrets('/newsletter/subscribe?apiKey=k%2B1234567&list=1').map((s) => s.value)).toEqual(['k+1234567']);
    expect(urlSecrets('//cmp.example/cmp.js?token=abcdef12').map((s) => s.what)).toEqual([
      'the query parameter "token"',
    ]);
    expect(urlSecrets('https://forms.example/f#access_token=zz9').map((s) => s.what)).toEqual([
      'the fragment parameter "access_token"',
    ]);
    for (const ok of [
      'https://api.shop.example/api?region=eu',
      '/api',
      'Save more? Yes',
      'mailto:support@shop.example',
    ]) {
      expect(urlSecrets(ok), ok).toEqual([]);
      expect(urlSecretProblem(ok)).toBeNull();
    }
  });

  it('the secret scan looks for them wherever the config holds an address', () => {
    const c = defaultConfig();
    c.api.baseUrl = 'https://deploy:pw-hunter22@api.shop.example/api';
    c.consent = { mode: 'tcf', cmpScriptUrl: 'https://cmp.example.com/cmp.js?token=cmp-secret-1' };
    expect(secretValues(c)).toEqual(
      expect.arrayContaining([
        { path: 'api.baseUrl (a password ("user:pass@" before the host))', value: 'pw-hunter22' },
        { path: 'consent.cmpScriptUrl (the query parameter "token")', value: 'cmp-secret-1' },
      ]),
    );
  });

  it('an emitted file that carries one fails the scan, naming the file and the address', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'url-secret-'));
    try {
      writeFileSync(join(dir, 'index.html'), '<p>fine</p>');
      writeFileSync(join(dir, 'app.js'), 'fetch("https://deploy:pw-hunter22@api.shop.example/api/x")');
      const c = defaultConfig();
      c.api.baseUrl = 'https://deploy:pw-hunter22@api.shop.example/api';
      const hits = await findSecrets(dir, secretValues(c));
      expect(hits).toEqual([
        { file: 'app.js', path: 'api.baseUrl (a password ("user:pass@" before the host))' },
        { file: 'app.js', path: 'api.baseUrl (a user name ("user@" before the host))' },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the API address from the environment', () => {
  it('a credential in PUBLIC_API_BASE_URL or API_BASE_URL stops the build, naming the variable', async () => {
    expect(envUrlSecret({ PUBLIC_API_BASE_URL: 'https://api.shop.example' })).toBeNull();
    expect(envUrlSecret({ API_BASE_URL: 'https://u:pw-123456@api.shop.example' })).toMatch(
      /^API_BASE_URL: Address contains a credential \(.*a password/,
    );
    const log: string[] = [];
    const results = await buildSites({
      only: ['default'],
      dryRun: true,
      env: { PUBLIC_API_BASE_URL: 'https://api.shop.example/api?token=tk-1234567' },
      log: (l) => log.push(l),
    });
    expect(results.map((r) => [r.ok, r.reason])).toEqual([[false, 'credential in an address']]);
    expect(log).toEqual([
      expect.stringMatching(
        /^✗ Site "default" not built: PUBLIC_API_BASE_URL: Address contains a credential \(the query parameter "token"\)/,
      ),
    ]);
  });
});
