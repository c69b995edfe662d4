/**
 * The one way our tools start Chromium: Debian's build (npm browser downloads do not work on
 * our machines), headless-friendly, and isolated so that no host but loopback resolves and
 * nothing leaves the machine. Used by the Playwright config and the Lighthouse bench.
 */

/** Debian's Chromium, or CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for every Chromium we launch. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];
