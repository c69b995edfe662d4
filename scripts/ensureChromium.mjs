// Browser tests drive Debian's Chromium (npm browser downloads do not work on our machines).
// Installs it with apt when missing and we are root; otherwise says exactly what to run.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  if (process.getuid?.() === 0) {
    console.log('Installing Debian chromium for the browser tests ...');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  } else {
    console.error(`Browser tests need Chromium at ${chromium}: run  sudo apt-get install -y chromium  (or set CHROMIUM_PATH).`);
    process.exit(1);
  }
}
