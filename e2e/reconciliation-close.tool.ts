// The reconciliation close spec's hands on the server side, run as `tsx --conditions=react-server` (runScript) against
// the spec's own database and sandbox: the production sync and rules, and operators' decisions through the production
// decision functions (lib/reconciliation/decisions.ts). Nothing here writes a row itself.
//   sync <databaseUrl> <sandboxUrl> <secretKey>          → copies customers, payments, transfers; runs the rules
//   decide <databaseUrl> <email> <action> <json input>  → { ok, … } as the decision answered
import { connectDatabase } from "@/db";
import { getOperatorByEmail } from "@/db/queries/operators";
import { runReconciliation } from "@/db/queries/reconciliation";
import { createPaymentClient } from "@/lib/payments/client";
import { acceptWithoutMatch, confirmSuggestion, matchByHand, rejectSuggestion, undoDecision } from "@/lib/reconciliation/decisions";
import { SYNC_CLIENT_OPTIONS } from "@/lib/sync/fetch";
import { runSync } from "@/lib/sync/run";

const [command, databaseUrl, ...rest] = process.argv.slice(2);
const { db, client } = connectDatabase(databaseUrl!, { max: 2 });
try {
  if (command === "sync") {
    const [baseUrl, secretKey] = rest;
    const payments = createPaymentClient({ baseUrl: baseUrl!, secretKey: secretKey!, ...SYNC_CLIENT_OPTIONS, logger: () => {} });
    for (const resource of ["customers", "payments", "transfers"] as const) {
      const result = await runSync({ db, client: payments, mode: "test", resource, worker: "e2e" });
      if (result.error) throw new Error(`${resource}: ${result.error}`);
    }
    console.log(JSON.stringify(await runReconciliation(db, "test")));
  } else if (command === "decide") {
    const [email, action, input] = rest;
    const operator = await getOperatorByEmail(db, email!);
    if (!operator) throw new Error(`no operator ${email}`);
    const decisions = { confirm: confirmSuggestion, reject: rejectSuggestion, match: matchByHand, accept: acceptWithoutMatch, undo: undoDecision };
    const decide = decisions[action as keyof typeof decisions];
    if (!decide) throw new Error(`no decision ${action}`);
    console.log(JSON.stringify(await decide(db, operator, JSON.parse(input!))));
  } else {
    throw new Error(`unknown command ${command}`);
  }
} finally {
  await client.end();
}
