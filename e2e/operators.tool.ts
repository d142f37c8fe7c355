// The dedicated operators' maker (e2e/helpers.ts `dedicatedOperator`), run as `tsx --conditions=react-server` once per
// Playwright worker and kept running: each line on stdin asks for one operator, made by the production `addOperator`
// (lib/operators.ts, what `npm run operator -- add` calls: a generated password, its hash, the audit row), or for one
// to be disabled by the production `setOperatorDisabled` (what `npm run operator -- disable` calls), and each line on
// stdout answers it. A tsx process costs about 1 s of CPU to start, which every operator paid when each was a CLI run.
//   stdin:  {"id":1,"databaseUrl":"postgres://…","email":"…","name":"…","role":"operator"}
//           {"id":2,"databaseUrl":"postgres://…","email":"…","disable":true}
//   stdout: {"id":1,"password":"…"} or {"id":2} or {"id":1,"error":"…"}
// It ends with its stdin, so with the worker that started it.
import { createInterface } from "node:readline";
import { connectDatabase } from "@/db";
import type { Role } from "@/lib/auth/roles";
import { addOperator, setOperatorDisabled } from "@/lib/operators";

type Ask = { id: number; databaseUrl: string; email: string } & ({ name: string; role: Role; disable?: undefined } | { disable: true });

async function answer(ask: Ask) {
  // One connection per operator: a spec's own database is dropped (WITH FORCE) when the spec ends.
  const { db, client } = connectDatabase(ask.databaseUrl, { max: 1 });
  try {
    const actor = { operatorId: null, label: "cli:e2e" };
    if (ask.disable) {
      await setOperatorDisabled(db, ask.email, true, actor);
      return { id: ask.id };
    }
    const { password } = await addOperator(db, { email: ask.email, name: ask.name, role: ask.role }, actor);
    return { id: ask.id, password };
  } catch (error) {
    return { id: ask.id, error: error instanceof Error ? error.message : String(error) };
  } finally {
    await client.end();
  }
}

for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const ask = JSON.parse(line) as Ask;
  void answer(ask).then((reply) => process.stdout.write(`${JSON.stringify(reply)}\n`));
}
