import type { ReactNode } from "react";
import { ClientMessages } from "@/components/client-messages";
import { Brand } from "@/components/layout/brand";
import { LocaleSwitch } from "@/components/layout/locale-switch";
import { MainLandmark } from "@/components/layout/main-landmark";
import { MobileNav } from "@/components/layout/mobile-nav";
import { ModeSwitch } from "@/components/layout/mode-switch";
import { OperatorMenu } from "@/components/layout/operator-menu";
import { SearchBox } from "@/components/layout/search-box";
import { SidebarNav } from "@/components/layout/sidebar";
import { requireOperator } from "@/lib/auth/require-operator";
import type { Operator } from "@/db/schema";
import { DatabaseUnavailableError } from "@/lib/database/unreachable";
import { getLocale, getT } from "@/lib/i18n/server";
import { availableModes, getMode } from "@/lib/mode";
import { setLocaleAction, setModeAction, signOutAction } from "@/app/actions";
import { searchObjectsAction } from "./search/actions";
import { navLinks } from "./nav";

// The shell. The layout itself awaits nothing, so the page starts its own work (and its calls to the Payment Service)
// at once instead of after the shell's session lookup; the shell's parts below wait for the operator side by side with
// it. Each of them, and each page, checks for itself (requireOperator is cached per request, so it is one lookup).
// The shell's client components (the brand, the navigation, the switches, the operator's menu, the search box and its
// dialog) use these; the error boundary (error.tsx) uses `errors`, which the root layout gives every page. Each area's
// layout adds its own.
export default function DashboardLayout({ children }: { children: ReactNode }) {
  return (
    <ClientMessages
      namespaces={["app", "shell", "roles", "search.label", "search.placeholder", "search.open", "search.submit", "search.shortcut", "search.page.title", "search.dialog"]}
    >
      <Shell>{children}</Shell>
    </ClientMessages>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen">
      <SkipLink />
      <aside className="shell-aside">
        <Brand />
        <ShellSidebar />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <ShellHeader />
        <MainLandmark id="content" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8">
          {children}
        </MainLandmark>
      </div>
    </div>
  );
}

/** The first stop of the keyboard: past the sidebar and the header, to the page itself. Shown only when focused. */
async function SkipLink() {
  const t = await getT();
  return (
    <a
      href="#content"
      className="skip-link"
    >
      {t("shell.skipToContent")}
    </a>
  );
}

/**
 * The operator for the shell, or null while the database is unreachable. Then the shell is reduced to what needs no
 * database (every operator's links, the language switch) and the page explains the outage inside it; the search, the
 * mode switch and the operator's menu, which would fail with it, are left out.
 */
async function shellOperator(): Promise<Operator | null> {
  try {
    return await requireOperator("viewer");
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) return null;
    throw error;
  }
}

async function ShellSidebar() {
  const [operator, t, locale] = await Promise.all([shellOperator(), getT(), getLocale()]);
  return <SidebarNav items={navLinks(operator?.role ?? "viewer", locale, t)} label={t("nav.label")} />;
}

async function ShellHeader() {
  const [operator, t, mode, locale] = await Promise.all([shellOperator(), getT(), getMode(), getLocale()]);
  const modes = availableModes();
  const banner = mode === "test" && modes.length > 0 && (
    <div role="status" className="bg-amber-100 px-4 py-1.5 text-center text-xs font-medium text-amber-900">
      {t("shell.testBanner")}
    </div>
  );
  if (!operator) {
    return (
      <>
        {banner}
        <header className="flex h-14 items-center gap-2 border-b border-slate-200 bg-white px-3 sm:px-6">
          <MobileNav items={navLinks("viewer", locale, t)} label={t("nav.label")} />
          <div className="ml-auto">
            <LocaleSwitch setLocale={setLocaleAction} />
          </div>
        </header>
      </>
    );
  }
  return (
    <>
      {banner}
      {/* Below md a grid: the menu and the switches fill the first row, and the search gets a row of its own. */}
      <header className="shell-header">
        <MobileNav items={navLinks(operator.role, locale, t)} label={t("nav.label")} />
        <SearchBox search={searchObjectsAction} />
        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          <ModeSwitch mode={mode} modes={modes} setMode={setModeAction} />
          <LocaleSwitch setLocale={setLocaleAction} />
          <OperatorMenu name={operator.name} email={operator.email} role={operator.role} signOut={signOutAction} />
        </div>
      </header>
    </>
  );
}
