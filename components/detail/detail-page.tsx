import type { SearchParams } from "nuqs/server";
import type { ReactNode } from "react";
import { DataTableError } from "@/components/data-table/error-state";
import type { TimelineSubject } from "@/db/queries/timeline";
import { startedBeforeCheck } from "@/lib/auth/read-behind-check";
import { requireOperator } from "@/lib/auth/require-operator";
import { getFormatting, type Formatting } from "@/lib/i18n/formatting";
import type { Settled } from "@/lib/payments/settle";
import { DetailHeader, type DetailHeaderProps } from "./detail-header";
import { DetailTimeline } from "./detail-timeline";

/**
 * The lists that have a detail page: the way back, the kind's name, the 404's wording and the timeline follow from it;
 * `param` is the route's dynamic segment (`/transfers/[ref]`).
 */
export const DETAIL_LISTS = {
  payments: { kind: "payment", timeline: "payment_intent", param: "id" },
  customers: { kind: "customer", timeline: "customer", param: "id" },
  subscriptions: { kind: "subscription", timeline: "subscription", param: "id" },
  transfers: { kind: "transfer", timeline: "transfer", param: "ref" },
  // No event names a product: it has no history here.
  products: { kind: "product", timeline: null, param: "id" },
  "checkout-sessions": { kind: "checkoutSession", timeline: "checkout_session", param: "key" },
  marketplace: { kind: "seller", timeline: "connected_account", param: "id" },
  // A stored delivery is itself history: it has no timeline of its own.
  events: { kind: "event", timeline: null, param: "id" },
} as const satisfies Record<string, { kind: string; timeline: TimelineSubject["type"] | null; param: string }>;

export type DetailList = keyof typeof DETAIL_LISTS;

/** What a detail page shows of its object once loaded: the header's title and extras, and everything under it. */
export type DetailView = Pick<DetailHeaderProps, "title" | "badges" | "meta" | "icon"> & { body: ReactNode; /** The id as shown, when not the URL's. */ id?: string };

/**
 * A detail route's page (`export default detailRoute("payments", { load, view })`): the key from the URL's segment, the
 * loader given it and the search params, and <DetailPage>. `subject` is the id the page is about when it is not the key
 * (a checkout session's key stands for its URL, which its timeline and header name).
 */
export function detailRoute<T, L extends DetailList>(
  list: L,
  { load, subject, view }: { load: (key: string, searchParams: Promise<SearchParams>) => Promise<Settled<T>>; subject?: (key: string) => string; view: (value: T, formatting: Formatting) => DetailView },
) {
  return async function DetailRoute({ params, searchParams }: { params: Promise<Record<(typeof DETAIL_LISTS)[L]["param"], string>>; searchParams: Promise<SearchParams> }) {
    const key: string = (await params)[DETAIL_LISTS[list].param as (typeof DETAIL_LISTS)[L]["param"]];
    return <DetailPage list={list} id={subject?.(key) ?? key} load={() => load(key, searchParams)} view={view} />;
  };
}

/**
 * Every detail page: its loader, started beside the operator check; the header (the way back, the kind, the title, the
 * id); the service's failure explained in place of the object; and the object's timeline under it. A missing object is
 * the loader's notFound() (the route's not-found.tsx renders <DetailNotFound/>).
 */
export async function DetailPage<T>({ list, id, load, view }: { list: DetailList; id: string; load: () => Promise<Settled<T>>; view: (value: T, formatting: Formatting) => DetailView }) {
  // Asked for before the page's own check: the loader checks too (readAsOperator) and gives nothing until it passes,
  // and the service's answer, the page's slowest part, need not wait for the check.
  const loading = startedBeforeCheck(load());
  await requireOperator("viewer");
  const timeline = DETAIL_LISTS[list].timeline;
  // Siblings render concurrently: the timeline's query runs while the API answers (see DetailTimeline).
  return (
    <>
      <DetailBody list={list} id={id} loading={loading} view={view} />
      {timeline && <DetailTimeline type={timeline} id={id} />}
    </>
  );
}

async function DetailBody<T>({ list, id, loading, view }: { list: DetailList; id: string; loading: Promise<Settled<T>>; view: (value: T, formatting: Formatting) => DetailView }) {
  const [result, formatting] = await Promise.all([loading, getFormatting()]);
  const { t } = formatting;
  const back = { href: `/${list}`, label: t(`detail.back.${list}`) };
  const kind = t(`detail.kind.${DETAIL_LISTS[list].kind}`);
  if (!result.ok) {
    return (
      <>
        <DetailHeader back={back} title={kind} id={id} />
        <DataTableError {...result.error} />
      </>
    );
  }
  const { body, ...header } = view(result.value, formatting);
  return (
    <>
      <DetailHeader back={back} kind={kind} {...header} id={header.id ?? id} />
      {body}
    </>
  );
}
