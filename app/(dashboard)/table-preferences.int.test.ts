import { describe, expect, it } from "vitest";
import { getPreference } from "@/db/queries/preferences";
import { operatorPreferences } from "@/db/schema";
import { addOperator } from "@/lib/operators";
import { freshTestDatabase } from "@/scripts/test/database";
import { listTableIds } from "./lists";
import { saveColumnVisibility } from "./table-preferences";

// What the column menu's server action stores (the action adds only the session check): one of the known lists only.

const test = freshTestDatabase();

describe("saving a table's column choice", () => {
  it("stores a choice for a known list and refuses an invented table name, storing nothing for it", async () => {
    const { operator } = await addOperator(test.db, { email: "prefs@example.com", name: "Prefs Viewer", role: "viewer" }, { operatorId: null, label: "cli:test" });
    expect(await saveColumnVisibility(test.db, operator.id, { table: "payments", columns: { amount: false } }, listTableIds())).toEqual({ ok: true });
    expect(await getPreference(test.db, operator.id, "columns:payments")).toEqual({ amount: false });

    for (const table of ["invented", "payments-x", "a".repeat(40), "events\u0000"]) {
      expect(await saveColumnVisibility(test.db, operator.id, { table, columns: { amount: false } }, listTableIds())).toMatchObject({ ok: false });
    }
    const keys = (await test.db.select({ key: operatorPreferences.key }).from(operatorPreferences)).map((row) => row.key);
    expect(keys).toEqual(["columns:payments"]);
    expect(listTableIds().map((id) => `columns:${id}`)).toContain(keys[0]);
  });
});
