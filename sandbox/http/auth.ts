import type { Mode } from "../model";
import { forbiddenError, unauthorizedError } from "./errors";

export type SandboxKeys = { secret: Record<Mode, string>; publishable: Record<Mode, string> };

/**
 * The spec's authentication rules: no credential → 401; a key that is not one of ours → 403; a publishable key on a
 * server-only call → 403. The key decides the mode, so test and live data never mix.
 */
export function modeOfRequest(authorization: string | undefined, keys: SandboxKeys): Mode {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  if (!authorization || !match) throw unauthorizedError();
  const key = match[1];
  if (key === keys.secret.test) return "test";
  if (key === keys.secret.live) return "live";
  if (key === keys.publishable.test || key === keys.publishable.live) {
    throw forbiddenError("A publishable key cannot be used for this request; use a secret key");
  }
  throw forbiddenError("Invalid API key");
}
