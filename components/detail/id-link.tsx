import Link from "next/link";
import type { ReactNode } from "react";

/** A link to another object's detail page; with no label, its id in the id font. */
export function IdLink({ href, id, children }: { href: string; id: string; children?: ReactNode }) {
  return (
    <Link href={href} className="font-medium break-all text-indigo-600 hover:text-indigo-500 hover:underline">
      {children ?? <span className="font-mono text-xs">{id}</span>}
    </Link>
  );
}
