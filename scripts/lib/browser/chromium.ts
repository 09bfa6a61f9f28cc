/** Finds Debian's Chromium (CHROMIUM_PATH, else /usr/bin/chromium) and the flags it needs here. */
import { existsSync } from 'node:fs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    (p): p is string => Boolean(p),
  );
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error(
      'Chromium not found. Install it with `apt-get install -y chromium` or set CHROMIUM_PATH to a Chromium binary.',
    );
  }
  return found;
}
