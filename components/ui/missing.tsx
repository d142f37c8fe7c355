/** What a cell or field shows when there is no value: one muted dash everywhere, so an operator reads it the same way. */
export const MISSING = <span className="text-slate-400">—</span>;
