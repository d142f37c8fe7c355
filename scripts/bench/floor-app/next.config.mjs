// The floor of `npm run bench:pages`: a bare Next production app (no auth, no i18n, no proxy), built and started by the
// benchmark only. It is not part of the back office and ships nowhere.
import path from "node:path";
import { fileURLToPath } from "node:url";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

const config = { poweredByHeader: false, turbopack: { root: repo } };

export default config;
