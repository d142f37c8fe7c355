import { listPage } from "@/app/(dashboard)/list-page";
import { currentOperator } from "@/lib/auth/require-operator";
import { hasRole } from "@/lib/auth/roles";
import { getT } from "@/lib/i18n/server";
import { CreateSeller } from "./_components/create-seller";
import { StatusCounts } from "./_components/status-counts";
import { AccountsTable } from "./columns";
import { marketplaceSource } from "./source";

// GET /marketplace — sellers' connected accounts with counts per status, filtered by status, name, stuck onboarding
// and date (the sync's copy), all state in the URL; an admin creates sellers from here.
const MarketplaceList = listPage(marketplaceSource, AccountsTable, { actions: () => <AdminCreate />, above: () => <StatusCounts /> });
export default MarketplaceList;

async function AdminCreate() {
  // Rendered inside the list page, which has checked the operator already; only an admin gets the button, and anyone
  // else is told why there is none (as the seller's page and reconciliation say).
  const [operator, t] = await Promise.all([currentOperator(), getT()]);
  if (operator && hasRole(operator.role, "admin")) return <CreateSeller />;
  return (
    <p className="max-w-sm text-sm text-slate-500" data-testid="view-only">
      {t("marketplace.detail.viewOnly")}
    </p>
  );
}
