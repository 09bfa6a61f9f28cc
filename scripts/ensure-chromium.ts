/**
 * Makes sure Debian's Chromium is installed for the browser tests. On a fresh machine,
 * as root, installs it with apt-get; otherwise explains what to do and exits non-zero.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(path)) {
  process.exit(0);
}
if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH=${path} does not exist.`);
  process.exit(1);
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error('Chromium is missing. Install it with: sudo apt-get update && sudo apt-get install -y chromium');
  process.exit(1);
}
console.log('Installing Debian chromium (apt-get)…');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
if (!existsSync(path)) {
  console.error('apt-get finished but /usr/bin/chromium is still missing.');
  process.exit(1);
}
