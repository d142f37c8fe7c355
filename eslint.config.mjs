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
  // Layering (issue 11): app/ composes components/ and lib/; components/ draws and never reaches into app/ (a page passes
  // its server actions as props); lib/ and db/ are neither pages nor drawing, so they import from neither.
  {
    files: ["components/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [layer("app")] }] },
  },
  {
    files: ["lib/**", "db/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [layer("app"), layer("components")] }] },
  },
];

/** Both spellings of an import from a top-level folder: the `@/` alias and a relative path climbing to it. */
function layer(folder) {
  return {
    regex: `^(@/${folder}(/|$)|(\\.\\./)+${folder}(/|$))`,
    message: `Layering: this folder does not import from ${folder}/ (see eslint.config.mjs).`,
  };
}

export default config;
