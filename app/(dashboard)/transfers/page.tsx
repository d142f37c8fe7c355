import { listPage } from "@/app/(dashboard)/list-page";
import { Notice } from "@/components/detail/notice";
import { TransfersTable } from "./columns";
import { transfersSource } from "./source";

// GET /transfers — SINPE Móvil transfers received, paged by the service's cursors, all state in the URL.
export default listPage(transfersSource, TransfersTable, {
  // A reference of the wrong length can match nothing and the service would only answer "invalid": say why here.
  refuse: (state, t) => (
    <Notice tone="warning" title={t("transfersList.invalidReferenceTitle")}>
      {t("transfersList.invalidReferenceBody", { count: state.reference?.length ?? 0 })}
    </Notice>
  ),
});
