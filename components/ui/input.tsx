import type { ComponentProps } from "react";
import { cn } from "./cn";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return (
    <input
      // The look is `field` (app/globals.css): the same dozen utilities in every filter of every list's page.
      className={cn("field w-full", className)}
      {...props}
    />
  );
}
