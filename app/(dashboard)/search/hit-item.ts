import type { Formatting } from "@/lib/i18n/formatting";
import { formatMoney } from "@/lib/format/money";
import { formatPhone } from "@/lib/format/phone";
import { formatDate, formatDateTime } from "@/lib/format/time";
import type { SearchHit, SearchItem } from "@/lib/search/types";
import { subjectHref } from "../events/[id]/subject-href";

// One search hit as a line of results: where it opens, what kind it is, and the few facts that tell it apart.

/** Renewals have no page: a renewal opens its subscription, whose page lists its renewals. */
export function hitHref(hit: SearchHit): string | null {
  switch (hit.type) {
    case "customer":
    case "payment_intent":
    case "subscription":
      return subjectHref(hit.type, hit.id);
    case "renewal":
      return subjectHref("subscription", hit.subscriptionId);
    case "transfer":
      return subjectHref("transfer", hit.reference);
    case "checkout_session":
      return `/checkout-sessions/${hit.id}`;
    case "connected_account":
      return null;
  }
}

export function toSearchItem(hit: SearchHit, { t, locale, timeZone }: Formatting): SearchItem {
  // A status the service added after these labels were written is shown as sent.
  const label = (key: string, value: string | null) => (value ? (t.has(key as never) ? t(key as never) : value) : null);
  const money = (amount: number, currency: string) => formatMoney(amount, currency, locale);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, locale, timeZone) : null);
  const facts = (...parts: (string | null | undefined)[]) => parts.filter((part): part is string => !!part);
  const base = { key: `${hit.type}:${hit.type === "transfer" ? hit.reference : hit.id}`, href: hitHref(hit), kind: t(`search.kind.${hit.type}`) };
  switch (hit.type) {
    case "customer":
      // E-mail, phone and since when: enough to tell two customers of one name apart.
      return {
        ...base,
        id: hit.id,
        title: hit.name || hit.email || t("customer.unnamed"),
        facts: facts(
          hit.name ? hit.email : null,
          hit.phone ? formatPhone(hit.phone) : null,
          hit.createdAt ? t("search.customerSince", { date: formatDate(hit.createdAt, locale, timeZone) }) : null,
        ),
      };
    case "payment_intent":
      return {
        ...base,
        id: hit.id,
        title: money(hit.amount, hit.currency),
        facts: facts(label(`paymentStatus.${hit.status}`, hit.status), hit.customerName, when(hit.createdAt)),
      };
    case "subscription":
      return { ...base, id: hit.id, title: hit.description || t("subscription.untitled"), facts: facts(label(`subscription.status.${hit.status}`, hit.status), when(hit.createdAt)) };
    case "renewal":
      return {
        ...base,
        id: hit.id,
        title: money(hit.total, hit.currency),
        facts: facts(
          label(`subscription.renewalStatus.${hit.status}`, hit.status),
          `${formatDate(hit.periodStart, locale, timeZone)} – ${formatDate(hit.periodEnd, locale, timeZone)}`,
          t("search.renewalOf", { name: hit.subscriptionId }),
        ),
      };
    case "connected_account":
      return {
        ...base,
        id: hit.id,
        title: hit.businessName || t("accountsList.noProfile"),
        facts: facts(label(`accountsList.status.${hit.status}`, hit.status), when(hit.createdAt), t("search.noPage")),
      };
    case "checkout_session":
      return {
        ...base,
        // What matched, not the session's key: the operator checks it against what they typed.
        id: hit.matched,
        title: money(hit.amount, hit.currency),
        facts: facts(label(`checkoutSession.status.${hit.status}`, hit.status), hit.customerName, when(hit.createdAt)),
      };
    case "transfer":
      return {
        ...base,
        id: hit.reference,
        title: money(hit.amount, hit.currency),
        facts: facts(hit.originName, hit.originPhone ? formatPhone(hit.originPhone) : null, when(hit.at), label(`transfer.status.${hit.status}`, hit.status)),
      };
  }
}
