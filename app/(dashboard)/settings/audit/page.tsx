import type { SearchParams } from "nuqs/server";
import { Suspense } from "react";
import { DataTableError } from "@/components/data-table/error-state";
import { DataTableSkeleton } from "@/components/data-table/states";
import { PageHeader } from "@/components/layout/page-header";
import { BackLink } from "@/components/ui/back-link";
import { getDb } from "@/db";
import { listOperators } from "@/db/queries/operators";
import { requireOperator } from "@/lib/auth/require-operator";
import { getT, type Translator } from "@/lib/i18n/server";
import { getMode } from "@/lib/mode";
import { filterControls } from "../../list-page";
import { loadListView, toListTableData, type ListView } from "../../list-view";
import { auditList, type AuditSearchParams } from "./list";
import { operatorFilter } from "./params";
import { presentAudit, type OperatorNames } from "./present";
import type { AuditRow } from "./rows";
import { auditSource } from "./source";
import { AuditTable } from "./table";
import { AuditToolbar } from "./toolbar";

// GET /settings/audit — every operator write, newest first, filtered and paged by the URL like every list; admins only.
export default async function AuditLogPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  // The log says who did what to whom: the same role as Settings, checked before anything is read.
  await requireOperator("admin");
  const [t, parsed, operators] = await Promise.all([getT(), auditList.parse(searchParams), listOperators(getDb())]);
  // An operator filter that is neither an operator's id nor "cli" is no filter (the other filters' parsers drop theirs).
  const state: AuditSearchParams = { ...parsed, operator: operatorFilter(parsed.operator) ?? null };
  const view = loadListView(auditSource, state);
  const options = [
    ...operators.map((operator) => ({ value: operator.id, label: `${operator.name} (${operator.email})` })),
    { value: "cli", label: t("audit.cli") },
  ];
  return (
    <>
      <PageHeader title={t("pages.audit.title")} description={t("pages.audit.description")} actions={<BackLink href="/settings">{t("audit.back")}</BackLink>} />
      <AuditToolbar filters={filterControls(auditList, t)} operators={options} />
      <Suspense key={JSON.stringify(state)} fallback={<DataTableSkeleton columns={auditList.skeletonColumns} rows={Math.min(state.limit, 10)} />}>
        <AuditResults state={state} view={view} t={t} names={new Map(operators.map((operator) => [operator.id, operator.name]))} />
      </Suspense>
    </>
  );
}

async function AuditResults({ state, view: loading, t, names }: { state: AuditSearchParams; view: Promise<ListView<AuditRow>>; t: Translator; names: OperatorNames }) {
  const [view, mode] = await Promise.all([loading, getMode()]);
  if (!view.ok) return <DataTableError {...view.error} />;
  const rows = view.rows.map((row) => presentAudit(row, t, mode, names));
  return <AuditTable {...await toListTableData({ ...view, rows }, state, auditList.filterKeys)} />;
}
