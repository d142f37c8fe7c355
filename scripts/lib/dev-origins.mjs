// The hosts `npm run dev` answers on (scripts/server.mjs listens on every interface): this machine's loopback names and
// its network addresses. Next 16 refuses its dev resources (the scripts, the HMR socket) to any other host than
// localhost, so a page opened at 127.0.0.1 or at the network address never hydrated; next.config.mjs allows these in
// allowedDevOrigins, and scripts/dev.ts prints the network ones. Plain JavaScript: next.config.mjs imports it.
import { networkInterfaces } from "node:os";

/** Hostnames as a browser's Origin names them: IPv6 addresses in brackets. */
export function devHosts() {
  const addresses = Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry !== undefined)
    .map(({ address, family }) => (family === "IPv6" ? `[${address}]` : address));
  return [...new Set(["localhost", "127.0.0.1", ...addresses])];
}

/** The addresses another machine on the network can open the dev app at (IPv4, not loopback). */
export function networkAddresses() {
  return Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry !== undefined && entry.family === "IPv4" && !entry.internal)
    .map((entry) => entry.address);
}
