import path from "node:path";
import type { TestProject } from "vitest/node";
import { DATA_DIR } from "../lib/dev-state";
import { runMigrations } from "../lib/migrate";
import { createDatabase, dropDatabase, ensurePostgres } from "../lib/postgres";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
    templateDatabase: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await ensurePostgres({ dataDir: path.join(DATA_DIR, "pg-test"), preferredPort: 54330, log: console.log });
  const template = `bo_template_${process.pid}_${Date.now()}`;
  await runMigrations(await createDatabase(server.url, template));
  project.provide("postgresUrl", server.url);
  project.provide("templateDatabase", template);
  return async () => {
    await dropDatabase(server.url, template);
    await server.stop();
  };
}
