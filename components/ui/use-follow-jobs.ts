"use client";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";

/** How long a request may stay queued, with no job of its queue running anywhere, before the button says no one took it. */
export const UNCLAIMED_AFTER_MS = 30_000;

export type FollowedJobs<A> = {
  /** The last answer, null until the first. */
  answer: A | null;
  /** Followed for `forMs` without settling: left to a later visit. */
  gaveUp: boolean;
  /** Still waiting (`waiting`) UNCLAIMED_AFTER_MS after the request: no worker is taking the queue's jobs, or none is running. */
  unclaimed: boolean;
};

/**
 * Follows the background jobs a button queued ("Sync now", "Buscar coincidencias ahora"): asks `ask` every `pollMs`
 * until `settled(answer)`, then refreshes the page, which shows what the jobs wrote; after `forMs` it gives up (the
 * page's own state takes over). An answer of null (the server did not answer) is asked again. `request` is the
 * answer of the press that queued the jobs (null: none yet), followed by identity: each press starts over, also one
 * answered with the same queued job as the press before it (after a give-up, it is followed again from the start,
 * not shown as the old press's last state). `waiting(answer)`: nothing of the request has started and nothing of its
 * queue is running, so past UNCLAIMED_AFTER_MS the button can say that no background process is taking the jobs.
 */
export function useFollowJobs<A>(
  request: object | null,
  options: { ask: () => Promise<A | null>; settled: (answer: A) => boolean; waiting: (answer: A) => boolean; pollMs: number; forMs: number },
): FollowedJobs<A> {
  const router = useRouter();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const [state, setState] = useState<FollowedJobs<A> & { request: object | null }>({ request: null, answer: null, gaveUp: false, unclaimed: false });
  useEffect(() => {
    if (!request) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const ask = async () => {
      if (stopped) return;
      const { ask: read, settled, waiting, pollMs, forMs } = latest.current;
      const answer = await read().catch(() => null);
      if (stopped) return;
      const elapsed = Date.now() - started;
      if (answer !== null) {
        setState({ request, answer, gaveUp: false, unclaimed: waiting(answer) && elapsed >= UNCLAIMED_AFTER_MS });
        if (settled(answer)) return router.refresh();
      }
      if (elapsed > forMs) return setState((previous) => ({ ...previous, request, gaveUp: true }));
      timer = setTimeout(ask, pollMs);
    };
    timer = setTimeout(ask, latest.current.pollMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [request, router]);
  return state.request === request ? state : { answer: null, gaveUp: false, unclaimed: false };
}
