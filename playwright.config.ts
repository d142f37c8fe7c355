import { defineConfig } from "@playwright/test";
import { E2E_PORT } from "./e2e/state";
import { CHROMIUM_ARGS, resolveChromium } from "./scripts/lib/chromium";

const chromium = await resolveChromium();

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  // Builds the app if needed, creates a fresh migrated database with operators, starts `next start`.
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  // A failing test runs once more, recording a trace (.data/e2e/results; `npx playwright show-trace <zip>`); one that
  // then passes still fails the run. Recording a trace for every test cost about a fifth of the suite's CPU.
  retries: 1,
  failOnFlakyTests: true,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  outputDir: ".data/e2e/results",
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: "es-CR",
    timezoneId: "America/Costa_Rica",
    launchOptions: { executablePath: chromium.path, args: CHROMIUM_ARGS },
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
});
