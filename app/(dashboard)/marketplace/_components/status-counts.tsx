import Link from "next/link";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/detail/notice";
import { getDb } from "@/db";
import { countAccountsByStatus } from "@/db/queries/connected-accounts";
import { requireOperator } from "@/lib/auth/require-operator";
import { getFormatting } from "@/lib/i18n/formatting";
import { listHref } from "@/lib/list-filters";
import { getMode } from "@/lib/mode";
import { CONNECTED_ACCOUNT_STATUSES } from "@/lib/payments/values";
import { accountCopyComplete } from "../complete-copy";
import { marketplaceList } from "../list";

/** How many sellers are in each status and how many are stuck, each a link to the list filtered to them. */
export async function StatusCounts() {
  await requireOperator("viewer");
  const [mode, { t, locale }] = await Promise.all([getMode(), getFormatting()]);
  const db = getDb();
  if (!(await accountCopyComplete(db, mode))) {
    return (
      <Notice tone="info" title={t("marketplace.counts.title")}>
        {t("marketplace.counts.incomplete")}
      </Notice>
    );
  }
  const { byStatus, stuck } = await countAccountsByStatus(db, mode);
  const number = new Intl.NumberFormat(locale);
  const href = (state: { status?: (typeof CONNECTED_ACCOUNT_STATUSES)[number]; flag?: "stuck" }) => listHref("/marketplace", marketplaceList.filters, state);
  const item = "flex h-full flex-col rounded-md px-3 py-2 ring-1 ring-inset ring-slate-200 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600";
  return (
    <Card className="mb-4 p-4">
      <h2 className="text-sm font-semibold text-slate-900">{t("marketplace.counts.title")}</h2>
      <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4 2xl:grid-cols-8">
        {CONNECTED_ACCOUNT_STATUSES.map((status) => (
          <li key={status}>
            <Link href={href({ status })} className={item} data-testid={`count-${status}`}>
              <span className="text-lg font-semibold text-slate-900 tabular-nums">{number.format(byStatus[status] ?? 0)}</span>
              <span className="text-xs text-slate-600">{t(`marketplace.counts.status.${status}`, { count: byStatus[status] ?? 0 })}</span>
            </Link>
          </li>
        ))}
        <li>
          <Link href={href({ flag: "stuck" })} className={`${item} ring-red-200`} data-testid="count-stuck" title={t("marketplace.counts.stuckHint")}>
            <span className="text-lg font-semibold text-red-700 tabular-nums">{number.format(stuck)}</span>
            <span className="text-xs text-slate-600">{t("marketplace.counts.stuck", { count: stuck })}</span>
          </Link>
        </li>
      </ul>
    </Card>
  );
}
