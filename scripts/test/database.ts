import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, inject } from "vitest";
import { connectDatabase, type Database } from "@/db";
import { createDatabase, dropDatabase } from "../lib/postgres";

/**
 * A fresh, migrated database for one test file (a copy of the template made by global-setup), dropped afterwards.
 * Files run in parallel without seeing each other's rows.
 */
export function freshTestDatabase() {
  const context = {} as { db: Database; url: string };
  const name = `bo_test_${randomBytes(6).toString("hex")}`;
  let close = async () => {};
  beforeAll(async () => {
    const server = inject("postgresUrl");
    // Two files copying the template at the same moment can collide; a short retry settles it.
    for (let attempt = 1; ; attempt++) {
      try {
        context.url = await createDatabase(server, name, inject("templateDatabase"));
        break;
      } catch (error) {
        if (attempt >= 10 || !String(error).includes("being accessed by other users")) throw error;
        await new Promise((r) => setTimeout(r, 100 * attempt));
      }
    }
    const { db, client } = connectDatabase(context.url, { max: 4 });
    context.db = db;
    close = () => client.end();
  });
  afterAll(async () => {
    await close();
    await dropDatabase(inject("postgresUrl"), name);
  });
  return context;
}
