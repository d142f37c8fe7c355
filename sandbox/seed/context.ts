import type { Mode } from "@/sandbox/model";
import { Rng } from "./random";

/** What every generator of one mode shares. */
export type ModeContext = {
  mode: Mode;
  nowMs: number;
  /** The merchant's own account: every payment intent of the mode belongs to it. */
  accountId: string;
  /**
   * One independent stream per generator, so adding a field to transfers does not reshuffle every customer: data stays
   * stable across small changes to the generator, which keeps screenshots and e2e fixtures meaningful.
   */
  stream(name: string): Rng;
};

export function createContext(seed: string, mode: Mode, now: Date): ModeContext {
  const nowMs = now.getTime();
  const stream = (name: string) => new Rng(`${seed}\u0000${mode}\u0000${name}`);
  return { mode, nowMs, accountId: stream("account").id("acct"), stream };
}
