/**
 * Makes sure Debian's Firefox ESR is installed for the browser tests in Firefox (Playwright project
 * "firefox" and the Firefox smoke run). On a fresh machine, as root, installs it with apt-get;
 * otherwise explains what to do and exits non-zero.
 */
import { existsSync } from 'node:fs';
import { aptInstall, isRoot } from './lib/apt.ts';
import { firefoxPath } from './lib/browser/firefox.ts';

const path = firefoxPath();
if (existsSync(path)) process.exit(0);
if (process.env.FIREFOX_PATH) {
  console.error(`FIREFOX_PATH=${path} does not exist.`);
  process.exit(1);
}
if (!isRoot()) {
  console.error('Firefox ESR is missing. Install it with: sudo apt-get update && sudo apt-get install -y firefox-esr');
  process.exit(1);
}
console.log('Installing Debian firefox-esr (apt-get)…');
aptInstall('firefox-esr');
if (!existsSync(path)) {
  console.error(`apt-get finished but ${path} is still missing.`);
  process.exit(1);
}
