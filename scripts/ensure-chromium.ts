/**
 * Makes sure Debian's Chromium is installed for the browser tests. On a fresh machine,
 * as root, installs it with apt-get; otherwise explains what to do and exits non-zero.
 */
import { existsSync } from 'node:fs';
import { aptInstall, isRoot } from './lib/apt.ts';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(path)) {
  process.exit(0);
}
if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH=${path} does not exist.`);
  process.exit(1);
}
if (!isRoot()) {
  console.error('Chromium is missing. Install it with: sudo apt-get update && sudo apt-get install -y chromium');
  process.exit(1);
}
console.log('Installing Debian chromium (apt-get)…');
aptInstall('chromium');
if (!existsSync(path)) {
  console.error('apt-get finished but /usr/bin/chromium is still missing.');
  process.exit(1);
}
