import { detailRoute } from "@/components/detail/detail-page";
import { ActivityCard, AddressCard, ProfileCard, ShippingCard } from "./customer-cards";
import { CustomerPayments, CustomerSubscriptions } from "./customer-related";
import { loadCustomer } from "./data";
import { CustomerPaymentMethods } from "./payment-methods";

// GET /customers/[id] — one customer: profile, addresses, what they spent, their saved cards, their latest payments and
// subscriptions.
export default detailRoute("customers", {
  load: loadCustomer,
  view: ({ customer, payments, subscriptions, paymentMethods, now }, formatting) => ({
    title: customer.name || customer.email || formatting.t("customer.unnamed"),
    meta: customer.name && customer.email ? <span>{customer.email}</span> : undefined,
    body: (
      <>
        <div className="grid gap-4 lg:grid-cols-2">
          <ProfileCard customer={customer} {...formatting} />
          <ActivityCard customer={customer} {...formatting} />
          <AddressCard customer={customer} {...formatting} />
          <ShippingCard customer={customer} {...formatting} />
        </div>
        <div className="mt-4 grid gap-4">
          <CustomerPaymentMethods methods={paymentMethods} now={now} {...formatting} />
          <CustomerPayments customerId={customer.id} payments={payments} {...formatting} />
          <CustomerSubscriptions subscriptions={subscriptions} {...formatting} />
        </div>
      </>
    ),
  }),
});
