"use client";
import type { ReactNode } from "react";
import { IntlProvider } from "use-intl";
import type { Locale } from "@/lib/i18n/config";
import type { Messages } from "@/lib/i18n/messages/es";

export function I18nProvider(props: { locale: Locale; messages: Messages; timeZone: string; children: ReactNode }) {
  return (
    <IntlProvider locale={props.locale} messages={props.messages} timeZone={props.timeZone}>
      {props.children}
    </IntlProvider>
  );
}
