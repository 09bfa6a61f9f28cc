/**
 * The build's API addresses from the environment (`PUBLIC_API_BASE_URL` is compiled into the
 * pages, `API_BASE_URL` is used by API-mode builds) are refused when they carry a credential,
 * like `api.baseUrl` in a site file (src/config/url-secrets.ts): `user:pass@` or `?token=` there
 * would be published in every page.
 */
import { urlSecretProblem } from '../../../src/config/url-secrets.ts';

export const API_ENV_VARS = ['PUBLIC_API_BASE_URL', 'API_BASE_URL'] as const;

/** "PUBLIC_API_BASE_URL: Address contains a credential …", or null when the variables are clean. */
export function envUrlSecret(env: Record<string, string | undefined>): string | null {
  for (const name of API_ENV_VARS) {
    const value = env[name]?.trim();
    const problem = value ? urlSecretProblem(value) : null;
    if (problem) return `${name}: ${problem}`;
  }
  return null;
}
