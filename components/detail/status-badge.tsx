import type { ComponentProps } from "react";
import { Badge } from "@/components/ui/badge";

export type Tone = NonNullable<ComponentProps<typeof Badge>["tone"]>;

/**
 * A status as a coloured badge in the operator's words. A value the service added after this app was built is shown
 * as sent, in neutral, rather than hidden or mislabelled.
 */
export function StatusBadge<S extends string>({ status, tones, label }: { status: string; tones: Record<S, Tone>; label: (status: S) => string }) {
  const known = (value: string): value is S => Object.hasOwn(tones, value);
  return known(status) ? <Badge tone={tones[status]}>{label(status)}</Badge> : <Badge>{status}</Badge>;
}
