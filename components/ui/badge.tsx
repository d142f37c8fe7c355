import type { ReactNode } from "react";
import { cn } from "./cn";

// The looks are utilities in app/globals.css (`badge`, `badge-<tone>`): a badge on every row of a list would repeat
// their dozen classes 25 to 100 times in the page.
const tones = {
  neutral: "badge-neutral",
  success: "badge-success",
  warning: "badge-warning",
  danger: "badge-danger",
  info: "badge-info",
} as const;

export function Badge({ tone = "neutral", children }: { tone?: keyof typeof tones; children: ReactNode }) {
  return (
    <span className={cn("badge", tones[tone])}>
      {children}
    </span>
  );
}
