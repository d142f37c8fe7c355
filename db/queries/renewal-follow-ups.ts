import "server-only";
import { sql } from "drizzle-orm";
import type { Mode } from "@/lib/env-schema";
import type { ContactKind } from "@/lib/renewals/states";
import type { Db } from "../index";
import { renewalFollowUps as fu } from "../schema";

// The follow-up's current state, one row per failure, written by lib/renewals/follow-up.ts inside the transaction that
// writes its audit row. Each write sets only its own fields: an assignment leaves the promise and the contact alone.

type Patch =
  | { assignedTo: string | null }
  | { lastContactKind: ContactKind; lastContactNote: string | null; lastContactAt: Date }
  | { promisedBy: string | null };

export async function upsertFollowUp(db: Db, { failureId, mode, patch }: { failureId: number; mode: Mode; patch: Patch }) {
  const now = new Date();
  const values = "assignedTo" in patch ? { ...patch, assignedAt: patch.assignedTo ? now : null } : patch;
  await db
    .insert(fu)
    .values({ failureId, mode, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: fu.failureId, set: { ...values, updatedAt: sql`now()` } });
}
