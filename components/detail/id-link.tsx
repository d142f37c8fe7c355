import Link from "next/link";
import type { ReactNode } from "react";

/**
 * A link to another object's detail page; with no label, its id in the id font. Only an id may break anywhere (it has
 * no words, and a long one must not widen a phone's page); a label breaks between words, like any prose.
 */
export function IdLink({ href, id, children }: { href: string; id: string; children?: ReactNode }) {
  return (
    <Link href={href} className="font-medium text-indigo-600 hover:text-indigo-500 hover:underline">
      {children ?? <span className="font-mono text-xs break-all">{id}</span>}
    </Link>
  );
}
