// Pure: one list page as the service sent it → rows to write, records to set aside, and where the next page starts.
// The envelope is checked strictly, each record on its own, so one bad record costs itself, not its page.
import { z } from "zod";
import type { Mode } from "@/lib/env-schema";
import { listMetaSchema, mobileTransferListMetaSchema, renewalListMetaSchema } from "@/lib/payments/schemas";
import type { Envelope, ResourceDef } from "./resources";

const envelopes = {
  list: z.looseObject({ data: z.array(z.unknown()), meta: listMetaSchema }),
  renewal: z.looseObject({ data: z.array(z.unknown()), meta: renewalListMetaSchema }),
  transfer: z.looseObject({ data: z.array(z.unknown()), meta: mobileTransferListMetaSchema }),
} satisfies Record<Envelope, z.ZodType>;

export const envelopeSchema = (envelope: Envelope) => envelopes[envelope];
type RawPage = z.output<(typeof envelopes)[Envelope]>;

export type SyncProblem = { recordKey: string; error: string; raw: unknown };

export type ParsedSyncPage = {
  rows: Record<string, unknown>[];
  problems: SyncProblem[];
  /** Where the next page starts (sent as startingAfter), or undefined at the end of the list. */
  next?: string;
  total: number;
  /** Newest createdAt on the page (lists are newest first, so the first page's is the list's). */
  newestCreatedAt?: string;
  /** Records read, valid or not. */
  count: number;
};

const idOf = (raw: unknown): string | undefined => {
  if (typeof raw !== "object" || raw === null) return undefined;
  const record = raw as Record<string, unknown>;
  return typeof record.id === "string" && record.id ? record.id : undefined;
};

function nextCursor(envelope: Envelope, page: RawPage): string | undefined {
  const meta = page.meta as Record<string, unknown>;
  if (envelope === "list") return (meta.cursorNext as string | null | undefined) || undefined;
  if (envelope === "renewal") return (meta.startingAfter as string | null | undefined) || undefined;
  // Transfers have no cursors: the next page starts after the last record, when hasMore says one follows.
  return meta.hasMore ? idOf(page.data.at(-1)) : undefined;
}

/** The local key of a row: the SINPE reference for transfers, the service's id otherwise. */
export const rowKey = (row: Record<string, unknown>) => String(row.sinpeRefNumber ?? row.id);

export function parseSyncPage(def: ResourceDef, page: RawPage, mode: Mode, now: Date): ParsedSyncPage {
  return { ...parseRecords(def, page.data, mode, now), next: nextCursor(def.envelope, page), total: page.meta.total, count: page.data.length };
}

/**
 * `a` is a later time than `b` (both checked ISO times). Two in UTC of one length have one shape (the schema's
 * z.iso.datetime: a fixed-width date and time, then a fraction of some digits) and order as text, which spares the
 * two Date.parse per record that cost ~0.05 ms of CPU per 100-record page (measured), on the thread that fetches.
 */
export const later = (a: string, b: string) => (a.length === b.length && a.endsWith("Z") && b.endsWith("Z") ? a > b : Date.parse(a) > Date.parse(b));

/** Each record on its own: a valid one becomes a row, an invalid one a problem with its raw record. */
export function parseRecords(def: ResourceDef, records: unknown[], mode: Mode, now: Date) {
  const rows: Record<string, unknown>[] = [];
  const problems: SyncProblem[] = [];
  const syncedAt = now.toISOString();
  let newest: string | undefined;
  records.forEach((raw, index) => {
    const parsed = def.schema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue ? `${issue.path.join(".") || "record"}: ${issue.message}` : "invalid record";
      problems.push({ recordKey: idOf(raw) ?? `${def.resource}@${now.toISOString()}#${index}`, error: where, raw: raw ?? null });
      return;
    }
    const record = parsed.data as { createdAt: string };
    if (!newest || later(record.createdAt, newest)) newest = record.createdAt;
    rows.push(def.toRow(parsed.data as never, mode, syncedAt));
  });
  return { rows, problems, newestCreatedAt: newest };
}
