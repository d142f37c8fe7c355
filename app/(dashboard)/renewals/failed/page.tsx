import Link from "next/link";
import type { SearchParams } from "nuqs/server";
import { Suspense } from "react";
import { DataTableError } from "@/components/data-table/error-state";
import { ListToolbar } from "@/components/data-table/list-toolbar";
import { DataTableSkeleton } from "@/components/data-table/states";
import { PageHeader } from "@/components/layout/page-header";
import { getDb } from "@/db";
import { listOperators } from "@/db/queries/operators";
import { startedBeforeCheck } from "@/lib/auth/read-behind-check";
import { readAsOperator, requireOperator } from "@/lib/auth/require-operator";
import { hasRole } from "@/lib/auth/roles";
import { isAssignable } from "@/lib/renewals/states";
import { env } from "@/lib/env";
import { FORMAT_LOCALE } from "@/lib/i18n/config";
import { getLocale, getT } from "@/lib/i18n/server";
import { getMode, type Mode } from "@/lib/mode";
import { getPaymentClient } from "@/lib/payments";
import { enrichFailures } from "@/lib/renewals/enrich";
import { getFailureFigures } from "@/lib/renewals/figures";
import { filterControls } from "@/app/(dashboard)/list-page";
import { SyncedNote } from "@/app/(dashboard)/_sync/synced-note";
import { loadListView, toListTableData } from "@/app/(dashboard)/list-view";
import { FailedRenewalsTable } from "./columns";
import { FollowUpProvider } from "./follow-up";
import { failedRenewalsList, type FailedRenewalsState } from "./list";
import { failedRenewalsSource } from "./source";
import { FailureChart, FailureTotals } from "./summary";

// GET /renewals/failed — revenue at risk: every renewal that failed, why, what happens next, and who is chasing it.
export default async function FailedRenewalsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [t, state, mode, locale] = await Promise.all([getT(), failedRenewalsList.parse(searchParams), getMode(), getLocale()]);
  const timeZone = env().DEFAULT_TIME_ZONE;
  const figures = readAsOperator("viewer", () => getFailureFigures(getDb(), { mode, now: new Date(), timeZone }));
  const rows = startedBeforeCheck(loadRows(state, mode, timeZone));
  const operator = await requireOperator("viewer");
  const { value } = await figures;
  const formatLocale = FORMAT_LOCALE[locale];
  return (
    <>
      <PageHeader
        title={t("pages.failedRenewals.title")}
        description={t("pages.failedRenewals.description")}
        actions={
          <Link href="/renewals" className="text-sm font-medium text-indigo-700 hover:underline">
            {t("nav.renewals")}
          </Link>
        }
      />
      {failedRenewalsList.syncedFrom && <SyncedNote resource={failedRenewalsList.syncedFrom} />}
      <FailureTotals totals={value.totals} t={t} locale={formatLocale} />
      <FailureChart days={value.daily} t={t} locale={formatLocale} />
      <ListToolbar filters={filterControls(failedRenewalsList, t)} exportList={failedRenewalsList.name} />
      <Suspense key={JSON.stringify(state)} fallback={<DataTableSkeleton columns={failedRenewalsList.skeletonColumns} rows={Math.min(state.limit, 10)} />}>
        <FailedRows rows={rows} state={state} canEdit={hasRole(operator.role, "operator")} timeZone={timeZone} formatLocale={formatLocale} />
      </Suspense>
    </>
  );
}

/** The page of rows from the database (the decline's reason from the synced intent), then the card, which only the service knows. */
async function loadRows(state: FailedRenewalsState, mode: Mode, timeZone: string) {
  const view = await loadListView(failedRenewalsSource, state);
  if (!view.ok) return view;
  let client;
  try {
    client = getPaymentClient(mode);
  } catch {
    // No key for this mode: the rows still say everything the database knows.
    return view;
  }
  return { ...view, rows: await enrichFailures(view.rows, { client, timeZone }) };
}

async function FailedRows({ rows, state, canEdit, timeZone, formatLocale }: { rows: ReturnType<typeof loadRows>; state: FailedRenewalsState; canEdit: boolean; timeZone: string; formatLocale: string }) {
  const [view, operators] = await Promise.all([rows, canEdit ? listOperators(getDb()) : []]);
  if (!view.ok) return <DataTableError {...view.error} />;
  // Whom a failure may be given to: enabled operators and admins (the assign action checks the same).
  const assignable = operators.filter(isAssignable).map((o) => ({ id: o.id, name: o.name }));
  return (
    <FollowUpProvider canEdit={canEdit} operators={assignable} locale={formatLocale} timeZone={timeZone}>
      <FailedRenewalsTable {...await toListTableData(view, state, failedRenewalsList.filterKeys)} />
    </FollowUpProvider>
  );
}
