// Browser tests drive Debian's Chromium (npm browser downloads do not work on our machines), and
// the HTML validity test runs the Nu HTML Checker on Debian's Java runtime. Installs what is
// missing with apt when we are root; otherwise says exactly what to run.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasJava = (() => {
  try {
    execSync('java -version', { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const missing = [...(existsSync(chromium) ? [] : ['chromium']), ...(hasJava ? [] : ['default-jre-headless'])];
if (missing.length > 0) {
  if (process.getuid?.() === 0) {
    console.log(`Installing Debian ${missing.join(' and ')} for the browser tests ...`);
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, { stdio: 'inherit' });
  } else {
    console.error(`Browser tests need ${missing.join(' and ')}: run  sudo apt-get install -y ${missing.join(' ')}  (or set CHROMIUM_PATH).`);
    process.exit(1);
  }
}
