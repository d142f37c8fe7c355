"use client";
import { AlertTriangle, RefreshCw } from "lucide-react";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { SpriteIcon } from "@/components/ui/sprite";

/** DataTableError's words, already in the operator's language (error-state.tsx translates them on the server). */
export type DataTableErrorText = {
  title: string;
  message: string;
  hint?: string;
  retry?: string;
  startOver?: string;
  technicalDetail: string;
};

/**
 * The browser half of DataTableError: the Retry button (a refresh of the route) and the link back to the list's first
 * page. It gets text, not catalog parts: the explained messages of every failure are about 1.5 kB that every page
 * with a table would otherwise carry for the rare one that fails.
 */
export function DataTableErrorView({ category, detail, text }: { category: string; detail?: string; text: DataTableErrorText }) {
  const router = useRouter();
  const pathname = usePathname();
  const [retrying, startRetry] = useTransition();
  return (
    <Card role="alert" data-error-category={category} className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      <SpriteIcon icon={AlertTriangle} className="size-8 text-amber-500" />
      <h2 className="text-sm font-semibold text-slate-900">{text.title}</h2>
      <p className="max-w-lg text-sm text-slate-600">{text.message}</p>
      {/* A list's request is the URL: when the service refuses one, the link is what went wrong. */}
      {text.hint && <p className="max-w-lg text-sm text-slate-500">{text.hint}</p>}
      <div className="mt-2 flex flex-wrap items-center justify-center gap-3">
        {text.retry && (
          <Button variant="secondary" disabled={retrying} onClick={() => startRetry(() => router.refresh())}>
            <SpriteIcon icon={RefreshCw} className={retrying ? "size-4 animate-spin" : "size-4"} />
            {text.retry}
          </Button>
        )}
        {text.startOver && (
          <Link href={pathname} className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
            {text.startOver}
          </Link>
        )}
      </div>
      {detail && (
        <details className="mt-3 max-w-lg text-xs text-slate-500">
          <summary className="cursor-pointer select-none">{text.technicalDetail}</summary>
          <p className="mt-1 font-mono break-words">{detail}</p>
        </details>
      )}
    </Card>
  );
}
