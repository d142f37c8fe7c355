import "server-only";
import { cache } from "react";
import type { Db } from "@/db";
import { hasCompleteAccountCopy } from "@/db/queries/connected-accounts";
import type { Mode } from "@/lib/env-schema";

/** Whether the sync's copy of the accounts is complete, asked once per request (the counts and the list both need it). */
export const accountCopyComplete = cache((db: Db, mode: Mode) => hasCompleteAccountCopy(db, mode));
