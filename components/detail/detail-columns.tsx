import type { ReactNode } from "react";

/** A detail page's body: the object's main cards in the wider column, the side cards beside them (stacked on narrow screens). */
export function DetailColumns({ main, side }: { main: ReactNode; side: ReactNode }) {
  return (
    <div className="grid items-start gap-4 lg:grid-cols-5">
      <div className="grid gap-4 lg:col-span-3">{main}</div>
      <div className="grid gap-4 lg:col-span-2">{side}</div>
    </div>
  );
}
