// The HTTP server of `npm start`, `npm run dev`, the e2e app and the benchmarks: Next.js's documented custom server,
// for one reason. Next copies the socket's address into X-Forwarded-For only when the client sent none
// (base-server.js: `x-forwarded-for ??= socket.remoteAddress`), so inside the app a forged header and the real peer
// look alike. Here, where the socket is still known, the client's address is computed once from the socket and
// TRUSTED_PROXIES and put in a private header (always overwritten); the app reads only that header.
// Plain JavaScript so plain node runs it with the server's flags (scripts/lib/server-node.ts).
// Usage: node scripts/server.mjs [-p port] [--dev]
import { createServer } from "node:http";
import next from "next";
import { CLIENT_ADDRESS_HEADER, clientAddress, parseTrustedProxies } from "../lib/client-address.mjs";

const args = process.argv.slice(2);
const dev = args.includes("--dev");
const portFlag = args.indexOf("-p");
const port = Number(portFlag >= 0 ? args[portFlag + 1] : (process.env.PORT ?? 3000));
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`Refusing to start: "${portFlag >= 0 ? args[portFlag + 1] : process.env.PORT}" is not a port.`);
  process.exit(1);
}
const proxies = parseTrustedProxies(process.env.TRUSTED_PROXIES);
if (!proxies.ok) {
  console.error(`Refusing to start: TRUSTED_PROXIES: ${proxies.error}.`);
  process.exit(1);
}

const app = next({ dev, dir: process.cwd(), port, hostname: "localhost" });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  req.headers[CLIENT_ADDRESS_HEADER] = clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], proxies.trusted) ?? "";
  void handle(req, res);
});
server.listen(port, () => {
  console.log(`> ${dev ? "Development" : "Production"} server on http://localhost:${port}` + (proxies.size ? ` (trusting ${proxies.size} proxy entr${proxies.size === 1 ? "y" : "ies"})` : ""));
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.close();
    void app.close().finally(() => process.exit(0));
  });
}
