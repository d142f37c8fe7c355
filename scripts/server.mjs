// The HTTP server of `npm start`, `npm run dev`, the e2e app and the benchmarks: Next.js's documented custom server,
// for one reason. Next copies the socket's address into X-Forwarded-For only when the client sent none
// (base-server.js: `x-forwarded-for ??= socket.remoteAddress`), so inside the app a forged header and the real peer
// look alike. Here, where the socket is still known, the client's address is computed once from the socket and
// TRUSTED_PROXIES and put in a private header (always overwritten); the app reads only that header.
// Plain JavaScript so plain node runs it with the server's flags (scripts/lib/server-node.ts).
// Usage: node scripts/server.mjs [-p port] [--dev]
import { createServer } from "node:http";
import next from "next";
import { imageOrigins } from "../lib/catalog/image-origins.mjs";
import { CLIENT_ADDRESS_HEADER, clientAddress, parseTrustedProxies } from "../lib/client-address.mjs";
import { parsePort } from "../lib/port.mjs";
import { STATIC_HEADERS } from "../lib/security/static-headers.mjs";
import { BatchedResponse } from "./lib/batched-response.mjs";
import { malformedPath } from "./lib/request-path.mjs";
import { secureHeaders } from "./lib/secure-headers.mjs";

const args = process.argv.slice(2);
const dev = args.includes("--dev");
const portFlag = args.indexOf("-p");
const portSetting = portFlag >= 0 ? { name: "-p", text: args[portFlag + 1] } : { name: "PORT", text: process.env.PORT || "3000" };
const parsedPort = parsePort(portSetting.text);
if (!parsedPort.ok) {
  console.error(`Refusing to start: ${portSetting.name}: ${parsedPort.error}.`);
  process.exit(1);
}
const port = parsedPort.port;
const proxies = parseTrustedProxies(process.env.TRUSTED_PROXIES);
if (!proxies.ok) {
  console.error(`Refusing to start: TRUSTED_PROXIES: ${proxies.error}.`);
  process.exit(1);
}

const app = next({ dev, dir: process.cwd(), port, hostname: "localhost" });
const handle = app.getRequestHandler();
await app.prepare();

// After prepare(): Next has read the .env files into process.env by then. The proxy read the same two settings through
// lib/env.ts, which gives PAYMENT_API_URL this default.
const secure = secureHeaders({ dev, imageOrigins: imageOrigins(process.env.PAYMENT_API_URL || "http://localhost:4010", process.env.PAYMENT_IMAGE_ORIGINS) });

// Each turn's writes of a page in one socket write (scripts/lib/batched-response.mjs).
const server = createServer({ ServerResponse: BatchedResponse }, (req, res) => {
  req.headers[CLIENT_ADDRESS_HEADER] = clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], proxies.trusted) ?? "";
  secure(req, res);
  // A path Next's router cannot decode would be its 500: the client's mistake, said as such.
  if (malformedPath(req.url)) {
    res.statusCode = 400;
    for (const { key, value } of STATIC_HEADERS) res.setHeader(key, value);
    res.setHeader("content-type", "text/plain; charset=utf-8");
    res.end("400: la dirección tiene un código % mal formado. / The address has a malformed %-escape.\n");
    return;
  }
  void handle(req, res);
});
server.once("error", (error) => {
  console.error(error.code === "EADDRINUSE" ? `Refusing to start: port ${port} is taken (EADDRINUSE).` : `Refusing to start: ${error.message}`);
  process.exit(1);
});
server.listen(port, () => {
  console.log(`> ${dev ? "Development" : "Production"} server on http://localhost:${port}` + (proxies.size ? ` (trusting ${proxies.size} proxy entr${proxies.size === 1 ? "y" : "ies"})` : ""));
});

// A stop (a deploy's SIGTERM, Ctrl+C) takes no new connection but lets the answers in flight end: a page or a refresh
// whose stream is cut halfway cannot load in the browser (ERR_INCOMPLETE_CHUNKED_ENCODING). Connections idle between
// requests are closed as they become idle; whatever is still open after DRAIN_MS is cut. A second signal stops at
// once, and so does the dev server (its HMR socket never ends).
const DRAIN_MS = 10_000;
let stopping = false;
const exit = () => void app.close().finally(() => process.exit(0));
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (stopping) process.exit(0);
    stopping = true;
    if (dev) {
      server.close();
      exit();
      return;
    }
    server.close(exit);
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    setTimeout(() => {
      clearInterval(idle);
      server.closeAllConnections();
      exit();
    }, DRAIN_MS).unref();
  });
}
