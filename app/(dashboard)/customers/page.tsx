import { listPage } from "@/app/(dashboard)/list-page";
import { Notice } from "@/components/detail/notice";
import { CustomersTable } from "./columns";
import { CustomerCopyNote } from "./copy-note";
import { CUSTOMER_FILTER_MAX } from "./list";
import { customersSource } from "./source";

// GET /customers — the account's customers with what they spent, paged by the service's cursors, state in the URL;
// filtered by name, e-mail or phone, the sync's copy instead (the service cannot), and the page says so.
export default listPage(customersSource, CustomersTable, {
  above: (state) => (state.q ? <CustomerCopyNote /> : null),
  refuse: (state, t) => (
    <Notice tone="warning" title={t("customersList.tooLongTitle")}>
      {t("customersList.tooLongBody", { count: state.q?.length ?? 0, max: CUSTOMER_FILTER_MAX })}
    </Notice>
  ),
});
