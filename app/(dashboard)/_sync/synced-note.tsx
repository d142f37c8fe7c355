import "server-only";
import { getDb } from "@/db";
import { listSyncStatus } from "@/db/queries/sync-status";
import { requireOperator } from "@/lib/auth/require-operator";
import { getFormatting } from "@/lib/i18n/formatting";
import { getMode } from "@/lib/mode";
import type { SyncResource } from "@/lib/sync/resources";
import { SyncLine } from "./sync-line";
import { resourceNames } from "./sync-text";

/**
 * `<SyncedNote resource="accounts" />`: under a list read from the local copy, how fresh that copy is in the current
 * mode ("Copia local de cuentas conectadas · al día hace 3 minutos"), a pass in progress, a stopped one, or none complete
 * yet. Rendered per request with the request's clock (the pages are dynamic: they read the operator's session).
 */
export async function SyncedNote({ resource }: { resource: SyncResource | readonly SyncResource[] }) {
  await requireOperator("viewer");
  const resources: readonly SyncResource[] = typeof resource === "string" ? [resource] : resource;
  const [mode, { t, locale, timeZone }] = await Promise.all([getMode(), getFormatting()]);
  const statuses = await listSyncStatus(getDb(), { mode });
  const format = { locale, timeZone, now: new Date() };
  const shown = resources.map((r) => statuses.find((s) => s.resource === r)!);
  return <SyncLine variant="note" mode={mode} shown={shown} label={t("sync.note.label", { names: resourceNames(t, resources, format) })} t={t} format={format} />;
}
