import type { Metadata } from "next";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import type { ReactNode } from "react";
import { ClientMessages } from "@/components/client-messages";
import { I18nProvider } from "@/components/i18n-provider";
import { env } from "@/lib/env";
import { getLocale } from "@/lib/i18n/server";
import "./globals.css";

const NO_MESSAGES = {};

export const metadata: Metadata = { title: "Back office", robots: { index: false, follow: false } };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <NuqsAdapter>
          {/* Each part of the app adds what its client components use (<ClientMessages>); every page gets the words of
              the error screens: the 401, 403 and 404 boundaries are in every page's payload (components/layout/centered-message),
              and the dashboard's error boundary is in each of its pages; and the one dialog's (components/ui/modal), which the
              shell's Ctrl/Cmd+K search is. */}
          <I18nProvider locale={locale} messages={NO_MESSAGES} timeZone={env().DEFAULT_TIME_ZONE}>
            <ClientMessages namespaces={["errors", "ui.modal"]}>{children}</ClientMessages>
          </I18nProvider>
        </NuqsAdapter>
      </body>
    </html>
  );
}
