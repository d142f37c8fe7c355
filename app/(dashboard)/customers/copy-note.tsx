import { Notice } from "@/components/detail/notice";
import { getDb } from "@/db";
import { getCustomerCopy } from "@/db/queries/customers";
import { requireOperator } from "@/lib/auth/require-operator";
import { getFormatting } from "@/lib/i18n/formatting";
import { getMode } from "@/lib/mode";
import { SyncedNote } from "../_sync/synced-note";

/**
 * Above the list filtered by name, e-mail or phone: the rows come from the sync's copy, not from the service (which
 * cannot filter by them), how fresh that copy is, and, while it is not complete, that a customer may be missing.
 */
export async function CustomerCopyNote() {
  await requireOperator("viewer");
  const [mode, { t, locale }] = await Promise.all([getMode(), getFormatting()]);
  const copy = await getCustomerCopy(getDb(), mode);
  return (
    <>
      <SyncedNote resource="customers" />
      {copy.complete ? (
        <p className="mb-3 text-sm text-slate-600">{t("customersList.fromCopy")}</p>
      ) : (
        <Notice tone="warning" title={t("customersList.copyIncompleteTitle")}>
          {copy.rows
            ? t("customersList.copyIncompleteBody", { count: copy.rows, rows: new Intl.NumberFormat(locale).format(copy.rows) })
            : t("customersList.copyNoneBody")}
        </Notice>
      )}
    </>
  );
}
