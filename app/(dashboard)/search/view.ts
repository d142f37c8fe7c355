import { explainPaymentError } from "@/lib/payments/explain-error";
import type { Formatting } from "@/lib/i18n/formatting";
import type { ClassifiedQuery, InvalidReason } from "@/lib/search/classify";
import type { Coverage, CoverageSource, SearchOutcome, SearchView } from "@/lib/search/types";
import { LOCAL_RESULT_LIMIT } from "@/lib/search/limits";
import { toSearchItem } from "./hit-item";

// A search's outcome in the operator's words, computed on the server: the page renders it, and the dialog gets it
// from its action as plain strings (no catalog logic in the browser bundle).

const INVALID_KEYS = {
  empty: "search.invalid.empty",
  too_short: "search.invalid.tooShort",
  too_long: "search.invalid.tooLong",
  bad_email: "search.invalid.badEmail",
  reference_length: "search.invalid.referenceLength",
  not_a_phone: "search.invalid.notAPhone",
  unsupported: "search.invalid.unsupported",
} as const satisfies Record<InvalidReason, string>;

const FAILED_KEYS = {
  service_ids: "search.failed.serviceIds",
  service_transfers: "search.failed.serviceTransfers",
  customer_scan: "search.failed.customerScan",
} as const satisfies Partial<Record<CoverageSource, string>>;

export function describeInvalid(query: Extract<ClassifiedQuery, { kind: "invalid" }>, { t }: Formatting): SearchView {
  const count = query.text.replace(/\D/g, "").length;
  return {
    query: query.text,
    status: query.reason === "empty" ? "empty" : "invalid",
    heading: t(INVALID_KEYS[query.reason], { count }),
    items: [],
    searched: null,
    where: [],
    problems: [],
    notes: [],
    navigateTo: null,
    more: null,
  };
}

function searchedAs(query: Exclude<ClassifiedQuery, { kind: "invalid" }>, { t }: Formatting): string {
  if (query.kind === "reference") return t(query.id ? "search.searched.referenceOrId" : "search.searched.reference");
  if (query.kind === "name") return t(query.id ? "search.searched.nameOrId" : "search.searched.name");
  return t(`search.searched.${query.kind}`);
}

function whereLines(coverage: Coverage[], failed: Set<CoverageSource>, { t, locale }: Formatting): string[] {
  const kinds = new Intl.ListFormat(locale, { type: "disjunction" });
  return coverage.flatMap((place): string[] => {
    switch (place.source) {
      case "service_ids":
        return [t("search.where.serviceIds", { type: kinds.format(place.kinds.map((kind) => t(`search.kindNoun.${kind}`))) })];
      case "service_transfers":
        return [t("search.where.serviceTransfers")];
      case "webhook_transfers":
        return [t("search.where.webhookTransfers")];
      case "webhook_customers":
        return [t("search.where.webhookCustomers")];
      case "checkout_metadata":
        return [t("search.where.checkoutMetadata")];
      case "customer_copy":
        if (place.complete) return [place.rows === null ? t("search.where.customerCopyComplete") : t("search.where.customerCopyCompleteCount", { count: place.rows })];
        return [place.rows ? t("search.where.customerCopyPartial", { count: place.rows }) : t("search.where.customerCopyNone")];
      case "customer_scan":
        // A scan that failed before reading anything is explained under problems instead.
        if (failed.has("customer_scan") && place.scanned === 0) return [];
        if (place.complete) return [t("search.where.scanComplete", { count: place.scanned })];
        return [
          t("search.where.scanPartial", { count: place.scanned }),
          place.total === null ? t("search.where.scanUnknownTotal") : t("search.where.scanTotal", { count: place.total }),
        ];
    }
  });
}

export function describeOutcome(query: Exclude<ClassifiedQuery, { kind: "invalid" }>, outcome: SearchOutcome, formatting: Formatting): SearchView {
  const { t } = formatting;
  const items = outcome.hits.map((hit) => toSearchItem(hit, formatting));
  const failed = new Set(outcome.failures.map((failure) => failure.source));
  const problems = [
    ...new Set(
      outcome.failures.map(({ source, error }) => {
        const explained = explainPaymentError(error);
        const what = source in FAILED_KEYS ? t(FAILED_KEYS[source as keyof typeof FAILED_KEYS]) : "";
        return `${what} ${t(explained.messageKey)}`.trim();
      }),
    ),
  ];
  const status = items.length > 0 ? "found" : problems.length > 0 ? "incomplete" : "nothing";
  // A name found in a copy that is not whole yet may have a namesake not copied: listed, never opened alone.
  const partialCopy = outcome.coverage.some((place) => place.source === "customer_copy" && !place.complete);
  const name = query.text;
  const modeLabel = t(outcome.mode === "test" ? "shell.modeTest" : "shell.modeLive").toLocaleLowerCase(formatting.locale);
  return {
    query: query.text,
    status,
    heading: status === "found" ? t("search.found", { count: items.length, name }) : t(status === "nothing" ? "search.nothing" : "search.incomplete", { name }),
    items,
    searched: searchedAs(query, formatting),
    where: whereLines(outcome.coverage, failed, formatting),
    problems,
    notes: [...(outcome.truncated ? [t("search.truncated", { count: LOCAL_RESULT_LIMIT })] : []), t("search.inMode", { type: modeLabel })],
    navigateTo: items.length === 1 && problems.length === 0 && !partialCopy ? items[0]!.href : null,
    more: query.kind === "name" && outcome.truncated ? { href: `/customers?q=${encodeURIComponent(query.text)}`, label: t("search.moreByName") } : null,
  };
}
