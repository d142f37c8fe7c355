import type { Metadata } from "next";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import type { ReactNode } from "react";
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
          {/* No messages here: each part of the app adds what its client components use (<ClientMessages>). */}
          <I18nProvider locale={locale} messages={NO_MESSAGES} timeZone={env().DEFAULT_TIME_ZONE}>
            {children}
          </I18nProvider>
        </NuqsAdapter>
      </body>
    </html>
  );
}
