import type { ReactNode } from "react";
import { BackLink } from "@/components/ui/back-link";
import { cn } from "@/components/ui/cn";

export type DetailHeaderProps = {
  back: { href: string; label: string };
  kind?: string;
  title: ReactNode;
  id: string;
  badges?: ReactNode;
  meta?: ReactNode;
  /** Beside the title, for kinds told apart at a glance (an event's type). */
  icon?: ReactNode;
};

/**
 * The top of a detail page: the way back to its list, what the object is, its status, and its id (selectable in one
 * click, since operators paste ids into tickets and into the service's own dashboard).
 */
export function DetailHeader(props: DetailHeaderProps) {
  return (
    <header className="mb-6">
      <BackLink href={props.back.href}>{props.back.label}</BackLink>
      {props.kind && <p className="mt-3 text-xs font-medium tracking-wide text-slate-500 uppercase">{props.kind}</p>}
      <div className={cn("flex flex-wrap items-center gap-x-3 gap-y-2", props.kind ? "mt-1" : "mt-3")}>
        {props.icon}
        <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900">{props.title}</h1>
        {props.badges}
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500">
        <span className="font-mono text-xs break-all select-all">{props.id}</span>
        {props.meta}
      </p>
    </header>
  );
}
