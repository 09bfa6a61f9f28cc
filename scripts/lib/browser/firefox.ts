/** Finds Debian's Firefox ESR (FIREFOX_PATH, else /usr/bin/firefox-esr) for Playwright's BiDi channel. */
import { existsSync } from 'node:fs';

export function firefoxPath(): string {
  return process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
}

export function hasFirefox(): boolean {
  return existsSync(firefoxPath());
}
