// Whether Next gzips its answers itself (next.config.mjs `compress`). Plain JavaScript: next.config.mjs imports it.
// Behind a reverse proxy that compresses (nginx `gzip on`, Caddy `encode`, a CDN) Next's gzip is work done twice, on
// the one thread that renders every page: about a tenth of a small page's CPU here (issue 11). COMPRESS=false turns
// it off; the default (on) suits an app that faces its clients directly. lib/env-schema.ts validates it with the rest.
const ON = ["1", "true", "yes", "on"];
const OFF = ["0", "false", "no", "off"];

/** @param {string | undefined} value COMPRESS's value */
export function compressResponses(value) {
  const text = (value ?? "").trim().toLowerCase();
  if (text === "" || ON.includes(text)) return true;
  if (OFF.includes(text)) return false;
  throw new Error(`Invalid configuration: COMPRESS must be on or off (true/false), not "${value}"`);
}
