"use client";
import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/badge";

/** Days, hours and minutes left, in the operator's language ("6 d 23 h" / "6 d 23 h"). */
export function remainingParts(ms: number): { days: number; hours: number; minutes: number } {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  return { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60 };
}

/**
 * How long the last link still works, counted down in the browser from what the service's clock said when the page
 * was made (`remainingMs`): "expired" once past.
 */
export function LinkCountdown({ remainingMs }: { remainingMs: number }) {
  const t = useTranslations("marketplace.detail");
  const [left, setLeft] = useState(remainingMs);
  useEffect(() => {
    const start = performance.now();
    const tick = () => setLeft(remainingMs - (performance.now() - start));
    const timer = setInterval(tick, 30_000);
    return () => clearInterval(timer);
  }, [remainingMs]);
  if (left <= 0) return <Badge tone="danger">{t("linkExpired")}</Badge>;
  const { days, hours, minutes } = remainingParts(left);
  const time = [days > 0 && `${days} d`, (days > 0 || hours > 0) && `${hours} h`, days === 0 && `${minutes} min`].filter(Boolean).join(" ");
  return (
    <span data-testid="link-countdown">
      <Badge tone="success">{t("linkRemaining", { time })}</Badge>
    </span>
  );
}
