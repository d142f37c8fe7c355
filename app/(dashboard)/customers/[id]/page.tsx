import { DataTableError } from "@/components/data-table/error-state";
import { getFormatting } from "@/lib/i18n/formatting";
import { DetailHeader } from "@/components/detail/detail-header";
import { DetailTimeline } from "@/components/detail/detail-timeline";
import { startedBeforeCheck } from "@/lib/auth/read-behind-check";
import { requireOperator } from "@/lib/auth/require-operator";
import { ActivityCard, AddressCard, ProfileCard, ShippingCard } from "./customer-cards";
import { CustomerPayments, CustomerSubscriptions } from "./customer-related";
import { loadCustomer } from "./data";

// GET /customers/[id] — one customer: profile, addresses, what they spent, their latest payments and subscriptions.
export default async function CustomerPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // Asked for before the page's own check: the loader checks too and gives nothing until it passes, and the
  // service's answer, the page's slowest part, need not wait for the check.
  const customer = startedBeforeCheck(loadCustomer(id));
  await requireOperator("viewer");
  // Siblings render concurrently: the timeline's query runs while the API answers (see DetailTimeline).
  return (
    <>
      <CustomerDetail id={id} customer={customer} />
      <DetailTimeline type="customer" id={id} />
    </>
  );
}

async function CustomerDetail({ id, customer: loading }: { id: string; customer: ReturnType<typeof loadCustomer> }) {
  const [result, formatting] = await Promise.all([loading, getFormatting()]);
  const { t } = formatting;
  const back = { href: "/customers", label: t("detail.back.customers") };
  if (!result.ok) {
    return (
      <>
        <DetailHeader back={back} title={t("detail.kind.customer")} id={id} />
        <DataTableError {...result.error} />
      </>
    );
  }
  const { customer, payments, subscriptions } = result.value;
  return (
    <>
      <DetailHeader
        back={back}
        kind={t("detail.kind.customer")}
        title={customer.name || customer.email || t("customer.unnamed")}
        id={customer.id}
        meta={customer.name && customer.email ? <span>{customer.email}</span> : undefined}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <ProfileCard customer={customer} {...formatting} />
        <ActivityCard customer={customer} {...formatting} />
        <AddressCard customer={customer} {...formatting} />
        <ShippingCard customer={customer} {...formatting} />
      </div>
      <div className="mt-4 grid gap-4">
        <CustomerPayments customerId={customer.id} payments={payments} {...formatting} />
        <CustomerSubscriptions subscriptions={subscriptions} {...formatting} />
      </div>
    </>
  );
}
