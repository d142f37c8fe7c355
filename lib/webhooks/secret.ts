import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Constant-time comparison of the X-Webhook-Secret header with the configured secret. Both sides are hashed first so
 * the comparison takes the same time whatever the lengths (timingSafeEqual needs equal lengths).
 */
export function secretMatches(presented: string | null, expected: string | undefined): boolean {
  if (!presented || !expected) return false;
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(presented), digest(expected));
}
