/** Serves a folder on loopback for the gates that need HTTP, unless a base URL is given. */
import { startStaticServer } from '../serve/static-server.ts';

export async function withServer<T>(dir: string, baseUrl: string | undefined, fn: (base: string) => Promise<T>) {
  if (baseUrl) return fn(baseUrl.replace(/\/$/, ''));
  const server = await startStaticServer({ dir });
  try {
    return await fn(server.url);
  } finally {
    await server.close();
  }
}
