import "server-only";
import { desc } from "drizzle-orm";
import type { Db } from "../index";
import { auditLog } from "../schema";

export type AuditEntry = typeof auditLog.$inferInsert;

/** Call inside the transaction of the write it records: an audit row exists exactly when the write does. */
export async function insertAudit(db: Db, entry: AuditEntry) {
  await db.insert(auditLog).values(entry);
}

export async function listAudit(db: Db, { limit = 50 }: { limit?: number } = {}) {
  return db.select().from(auditLog).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit);
}
