// npm run bench:bundle — first-load JavaScript of every route, gzipped, from a production build of the code as it is
// (BENCH_SKIP_BUILD=1 reads the build already in .next). Next 16's build no longer prints these sizes, so they are read
// from the build's own manifests: the framework's root chunks plus every client chunk the route's manifest lists for
// its layouts, page and boundaries (an upper bound: a boundary's chunk loads only when it shows). Target: < 200 kB
// (1 kB = 1000 bytes) each.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";
import { buildUnlessSkipped } from "./build";

const NEXT = ".next";
const LIMIT_KB = 200;

buildUnlessSkipped();
if (!existsSync(path.join(NEXT, "BUILD_ID"))) throw new Error("no build in .next: run without BENCH_SKIP_BUILD=1");

const gzipped = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(NEXT, file)), { level: 9 }).length;
    gzipped.set(file, size);
  }
  return size;
}

function manifests(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return manifests(full);
    return entry.name === "page_client-reference-manifest.js" ? [full] : [];
  });
}

type ClientManifest = { entryJSFiles: Record<string, string[]> };
const { rootMainFiles } = JSON.parse(readFileSync(path.join(NEXT, "build-manifest.json"), "utf8")) as { rootMainFiles: string[] };

const rows = manifests(path.join(NEXT, "server", "app")).map((file) => {
  const sandbox = { globalThis: {} as { __RSC_MANIFEST?: Record<string, ClientManifest> } };
  runInNewContext(readFileSync(file, "utf8"), sandbox);
  const [name, manifest] = Object.entries(sandbox.globalThis.__RSC_MANIFEST ?? {})[0] ?? [];
  if (!name || !manifest) throw new Error(`no client manifest in ${file}`);
  const entries = Object.values(manifest.entryJSFiles).flat();
  const chunks = new Set([...rootMainFiles, ...entries]);
  const bytes = [...chunks].reduce((sum, chunk) => sum + gzipSize(chunk), 0);
  const route = name.replace(/\/page$/, "").replace(/\/\([^)]+\)/g, "") || "/";
  return { route, kb: bytes / 1000, chunks: chunks.size };
});

rows.sort((a, b) => b.kb - a.kb);
console.log(`first-load JS per route (gzip -9), target < ${LIMIT_KB} kB`);
for (const row of rows) {
  console.log(`${row.route.padEnd(36)} ${row.kb.toFixed(1).padStart(7)} kB  ${String(row.chunks).padStart(3)} chunks  ${row.kb < LIMIT_KB ? "ok" : "OVER"}`);
}
const over = rows.filter((row) => row.kb >= LIMIT_KB);
console.log(over.length === 0 ? `all ${rows.length} routes under ${LIMIT_KB} kB` : `${over.length} of ${rows.length} routes over ${LIMIT_KB} kB`);
