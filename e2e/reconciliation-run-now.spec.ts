import { expect, test, type Browser } from "@playwright/test";
import { runScenarioAt } from "./sandbox";
import { startOwnStack, type OwnStack } from "./own-stack";

// "Buscar coincidencias ahora" queues a full pass of the rules on the job queue and answers at once (the pass ran inside
// the request: 15.7 s at 1,000,000 transfers); the app's worker runs it and the page shows it queued, then its figures,
// then the suggestions. A stack of its own with the app's worker, which the shared app does not run.

test.describe.configure({ mode: "serial", timeout: 120_000 });

let stack: OwnStack;
let matching: Record<string, string>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startOwnStack({
    name: "recon-now",
    seed: "e2e-reconciliation-now",
    scale: 0.02,
    portOffset: 80,
    worker: true,
    // Made before the app starts: the worker's first sync copies it, with its intent and customer.
    beforeApp: async (sandbox) => {
      matching = await runScenarioAt(sandbox.url, "sinpe-transfer-unlinked-matching");
    },
  });
  // The worker's first backfill of the three resources the rules read, done: the button's pass reads a complete copy.
  await expect
    .poll(
      async () =>
        (await stack.sql<{ n: number }[]>`select count(*)::int as n from sync_state where mode = 'test' and resource in ('transfers', 'payments', 'customers') and last_complete_at is not null`)[0]!.n,
      { timeout: 120_000 },
    )
    .toBe(3);
});
test.afterAll(async () => {
  await stack?.stop();
});

const open = (browser: Browser, locale: "es" | "en") => stack.open(browser, "operator", "/reconciliation", { locale, context: { viewport: { width: 1400, height: 1000 } } });

for (const [locale, words] of [
  ["es", { button: "Buscar coincidencias ahora", queued: "Búsqueda en cola", done: /^Reglas corridas: \d+ sugerencias? abiertas?, \d+ vinculadas? por el servicio\.$/ }],
  ["en", { button: "Look for matches now", queued: "Search queued", done: /^Rules run: \d+ open suggestions?, \d+ linked by the service\.$/ }],
] as const) {
  test(`${locale}: the button queues a pass, answers at once, and shows the pass's result when the worker has run it`, async ({ browser }) => {
    const page = await open(browser, locale);
    const before = (await stack.sql<{ n: number }[]>`select count(*)::int as n from audit_log where action = 'reconciliation.rules_run'`)[0]!.n;
    await page.getByRole("button", { name: words.button }).click();
    const status = page.locator("[role=status][data-rules-run]");
    // Queued first: the answer does not wait for the pass.
    await expect(status).toContainText(words.queued);
    await expect(page.getByRole("button", { name: words.button })).toBeDisabled();
    // Then the pass's figures, from the job the worker completed, and the page refreshed with its suggestions.
    await expect(status).toHaveText(words.done, { timeout: 30_000 });
    await expect(page.getByRole("button", { name: words.button })).toBeEnabled();
    await expect(page.getByRole("row").filter({ hasText: matching.SINPERefNumber! })).toBeVisible();
    // One audit row for the request, naming the job it queued.
    const rows = await stack.sql<{ actor: string; job: string | null; state: string | null }[]>`select a.actor, a.after ->> 'job' as job,
        (select j.state::text from pgboss.job j where j.id::text = a.after ->> 'job') as state
      from audit_log a where a.action = 'reconciliation.rules_run' order by a.id`;
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ actor: stack.people.operator.email, job: expect.any(String), state: "completed" });
    await page.context().close();
  });
}
