import { ScrollText } from "lucide-react";
import { defineList } from "@/app/(dashboard)/list-declaration";
import type { ListStateOf } from "@/lib/list-filters";
import { AUDIT_ACTION_CODES, AUDIT_ACTIONS, AUDIT_SUBJECT_TYPE_CODES, type AuditAction, type AuditSubjectType } from "../audit-actions";
import type { AuditRow } from "./rows";

// The audit log (/settings/audit, admins only): every operator write, newest first, from this app's database. Its
// cursors carry audit row ids (older after, newer before); the range is days in DEFAULT_TIME_ZONE, as every list's.
// Not in the list registry (app/(dashboard)/lists.ts): that registry's lists are every viewer's, in the sidebar and
// at /api/export/<name>; this one is an admin's, linked from Settings, exported at /settings/audit/export.
export const auditList = defineList<AuditRow>()({
  name: "audit",
  path: "/settings/audit",
  words: "audit",
  filters: [
    // Free text in the URL, checked by the source (an operator id or "cli"); the toolbar offers it as a select of names.
    { kind: "text", key: "operator", label: "audit.operator", placeholder: "audit.allOperators" },
    { kind: "select", key: "action", values: AUDIT_ACTION_CODES, label: "audit.action", allLabel: "audit.allActions", optionLabel: (action: AuditAction) => `settings.auditActions.${AUDIT_ACTIONS[action]}` as const },
    { kind: "select", key: "subject", values: AUDIT_SUBJECT_TYPE_CODES, label: "audit.subjectType", allLabel: "audit.allSubjectTypes", optionLabel: (type: AuditSubjectType) => `settings.auditSubjects.${type}` as const },
    { kind: "range", labels: { from: "audit.from", to: "audit.to" } },
  ],
  skeletonColumns: 5,
  nav: { icon: ScrollText, order: 99 },
});

export type AuditSearchParams = ListStateOf<typeof auditList.filters>;
