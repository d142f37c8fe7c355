"use client";
import { useMemo, type ComponentType, type ReactElement, type ReactNode } from "react";
import { _createCache, _createIntlFormatters, IntlProvider, useLocale, useMessages } from "use-intl";
import { FORMAT_LOCALE, type Locale } from "@/lib/i18n/config";
import type { Messages } from "@/lib/i18n/messages/es";

type Partial = Record<string, unknown>;

/**
 * The root provider: the locale, the time zone and the messages every page's client components use (see ClientMessages).
 * use-intl is given the region's locale (FORMAT_LOCALE), so a number inside a message is grouped as the app's own figures
 * are; `useLocale()` therefore answers "es-CR" or "en-US", and the language is `languageOf` it.
 */
export function I18nProvider(props: { locale: Locale; messages: Partial; timeZone: string; children: ReactNode }) {
  const Context = useIntlContext();
  const provider = (
    <IntlProvider locale={FORMAT_LOCALE[props.locale]} messages={props.messages as Messages} timeZone={props.timeZone}>
      {props.children}
    </IntlProvider>
  );
  if (!Context) return provider;
  // eslint-disable-next-line react-hooks/static-components -- not a component made here: use-intl's one context object, the same every render
  return <Context value={processCache(FORMAT_LOCALE[props.locale])}>{provider}</Context>;
}

// use-intl keeps its parsed messages (ICU plurals, arguments) and its Intl formatters in a cache that each root
// IntlProvider makes anew, so the server parsed every message with an argument again on every request (about a
// millisecond of a list page's CPU). Nested providers take their parent context's cache: the root one gets a context
// holding one cache per language for the process's life. Its entries are keyed by the message and its options, never
// by a request's values, so they are the same for everyone.
type IntlCache = { cache: ReturnType<typeof _createCache>; formatters: ReturnType<typeof _createIntlFormatters> };
const caches = new Map<string, IntlCache>();
function processCache(locale: string): IntlCache {
  let entry = caches.get(locale);
  if (!entry) {
    const cache = _createCache();
    caches.set(locale, (entry = { cache, formatters: _createIntlFormatters(cache) }));
  }
  return entry;
}

/**
 * use-intl does not export its context; IntlProvider renders it, so calling it as a function (its hooks become this
 * component's, in the same order every render) hands back the element whose type is the context. Null if a new
 * use-intl renders something else: then the provider works as before, with a cache per request.
 */
function useIntlContext(): ComponentType<{ value: IntlCache; children: ReactNode }> | null {
  const element = (IntlProvider as unknown as (props: { locale: string; children: null }) => ReactElement | null)({ locale: "es", children: null });
  const type = element?.type as { $$typeof?: symbol } | undefined;
  return typeof type === "object" && type !== null && typeof type.$$typeof === "symbol" && element!.props !== null && typeof element!.props === "object" && "value" in element!.props
    ? (type as unknown as ComponentType<{ value: IntlCache; children: ReactNode }>)
    : null;
}

/**
 * More messages for one part of the tree, added to those of the providers above. use-intl's own nested IntlProvider
 * replaces its parent's messages instead of adding to them, so the merge happens here (one level deep: the catalog's
 * namespaces; a namespace given in parts, like search.dialog, is merged part by part).
 */
export function MoreMessages({ messages, children }: { messages: Partial; children: ReactNode }) {
  const parent = useMessages() as Partial;
  const locale = useLocale();
  const merged = useMemo(() => mergeMessages(parent, messages), [parent, messages]);
  return (
    <IntlProvider locale={locale} messages={merged as Messages}>
      {children}
    </IntlProvider>
  );
}

function mergeMessages(into: Partial, from: Partial): Partial {
  const result = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const existing = result[key];
    result[key] = isTree(existing) && isTree(value) ? mergeMessages(existing, value) : value;
  }
  return result;
}

const isTree = (value: unknown): value is Partial => typeof value === "object" && value !== null;
