import { listPage } from "@/app/(dashboard)/list-page";
import { currentOperator } from "@/lib/auth/require-operator";
import { hasRole } from "@/lib/auth/roles";
import { CreateSeller } from "./_components/create-seller";
import { StatusCounts } from "./_components/status-counts";
import { AccountsTable } from "./columns";
import { marketplaceSource } from "./source";

// GET /marketplace — sellers' connected accounts with counts per status, filtered by status, name, stuck onboarding
// and date (the sync's copy), all state in the URL; an admin creates sellers from here.
const MarketplaceList = listPage(marketplaceSource, AccountsTable, { actions: () => <AdminCreate />, above: () => <StatusCounts /> });
export default MarketplaceList;

async function AdminCreate() {
  // Rendered inside the list page, which has checked the operator already; only an admin gets the button.
  const operator = await currentOperator();
  return operator && hasRole(operator.role, "admin") ? <CreateSeller /> : null;
}
