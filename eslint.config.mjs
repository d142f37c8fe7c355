import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTypescript,
  {
    ignores: ["**/.next/**", ".data/**", "node_modules/**", "drizzle/**", "test-results/**", "playwright-report/**", "next-env.d.ts"],
  },
  {
    rules: {
      // Env is read in lib/env.ts only (CONVENTIONS.md 2); scripts/, tests and the sandbox (a separate program) may.
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read settings through lib/env.ts." }],
    },
  },
  {
    files: ["scripts/**", "e2e/**", "sandbox/**", "**/*.test.ts", "lib/env.ts", "instrumentation.ts", "vitest.config.ts", "playwright.config.ts"],
    rules: { "no-restricted-properties": "off" },
  },
];

export default config;
