"use client";
import Link from "next/link";
import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import { Card } from "@/components/ui/card";
import { useInsideMain } from "./main-landmark";

/** The full-page message of the 401, 403 and 404 screens (and any other full-page notice). */
export function CenteredMessage(props: { code: string; title: string; body: string; href: string; linkLabel: string; icon?: ReactNode }) {
  // Alone, it is the page's main landmark and fills the screen. In the dashboard's shell it is a part of the shell's
  // <main>, under the header, where a full screen's height pushed the page past the window (a 403 scrolled onto blank
  // space): there it takes most of what is left.
  const Landmark = useInsideMain() ? "div" : "main";
  return (
    <Landmark className={`grid place-items-center px-4 ${Landmark === "div" ? "min-h-[60vh]" : "min-h-screen"}`}>
      <Card className="w-full max-w-md p-8 text-center">
        <p className="text-sm font-semibold text-indigo-600">{props.code}</p>
        <h1 className="mt-2 text-xl font-semibold text-slate-900">{props.title}</h1>
        <p className="mt-2 text-sm text-slate-500">{props.body}</p>
        <Link href={props.href} className="mt-6 inline-block rounded-md bg-indigo-600 px-3.5 py-2 text-sm font-semibold text-white hover:bg-indigo-500">
          {props.linkLabel}
        </Link>
      </Card>
    </Landmark>
  );
}

// Each screen's words, in the catalog's `errors` (the root layout gives these to every page: STATUS_SCREEN_MESSAGES).
const SCREENS = {
  "401": { title: "errors.unauthorizedTitle", body: "errors.unauthorizedBody", href: "/sign-in", link: "errors.goSignIn" },
  "403": { title: "errors.forbiddenTitle", body: "errors.forbiddenBody", href: "/", link: "errors.goHome" },
  "404": { title: "errors.notFoundTitle", body: "errors.notFoundBody", href: "/", link: "errors.goHome" },
} as const;

/**
 * The 401, 403 and 404 screens by their code alone. Next puts the root's three boundaries in every page's payload, once
 * per layout level: as a code each, they are a few bytes there, and their words come once, with the root's messages.
 */
export function StatusScreen({ code }: { code: keyof typeof SCREENS }) {
  const t = useTranslations();
  const screen = SCREENS[code];
  return <CenteredMessage code={code} title={t(screen.title)} body={t(screen.body)} href={screen.href} linkLabel={t(screen.link)} />;
}
