"use client";
import { useMemo, type ReactNode } from "react";
import { IntlProvider, useLocale, useMessages } from "use-intl";
import type { Locale } from "@/lib/i18n/config";
import type { Messages } from "@/lib/i18n/messages/es";

type Partial = Record<string, unknown>;

/** The root provider: the locale, the time zone and the messages every page's client components use (see ClientMessages). */
export function I18nProvider(props: { locale: Locale; messages: Partial; timeZone: string; children: ReactNode }) {
  return (
    <IntlProvider locale={props.locale} messages={props.messages as Messages} timeZone={props.timeZone}>
      {props.children}
    </IntlProvider>
  );
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
