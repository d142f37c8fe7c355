"use client";
import Link from "next/link";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

/**
 * The full-page message used by the 401, 403 and 404 screens. A client component only so that every page carries
 * these screens (Next puts the root's 401/403/404 boundaries in each page's payload, twice) as five short props
 * instead of their whole markup: about 3 kB of a page's HTML.
 */
export function CenteredMessage(props: { code: string; title: string; body: string; href: string; linkLabel: string; icon?: ReactNode }) {
  return (
    <main className="grid min-h-screen place-items-center px-4">
      <Card className="w-full max-w-md p-8 text-center">
        <p className="text-sm font-semibold text-indigo-600">{props.code}</p>
        <h1 className="mt-2 text-xl font-semibold text-slate-900">{props.title}</h1>
        <p className="mt-2 text-sm text-slate-500">{props.body}</p>
        <Link href={props.href} className="mt-6 inline-block rounded-md bg-indigo-600 px-3.5 py-2 text-sm font-semibold text-white hover:bg-indigo-500">
          {props.linkLabel}
        </Link>
      </Card>
    </main>
  );
}
