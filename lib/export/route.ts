import "server-only";
import type { NextRequest } from "next/server";
import { getDb } from "@/db";
import { env } from "@/lib/env";
import { getLocale } from "@/lib/i18n/server";
import { getMode } from "@/lib/mode";
import { getPaymentClient } from "@/lib/payments";
import type { ListExport } from "./define";
import { exportResponse } from "./response";
import { exportTranslator } from "./translator";

// What every export route gives exportResponse besides its list: the operator's mode and language, the merchant's time
// zone, the database and a bulk-priority client (called only by lists read from the Payment Service), the request's
// query and abort signal, and the operator whose export it is (one at a time; its own list.export audit row). The route
// checks the role first and names its list.

export async function respondWithExport(
  request: NextRequest,
  operator: { id: string; email: string },
  { name, list, subject }: { name: string; list: ListExport; subject?: string },
): Promise<Response> {
  const [mode, locale] = await Promise.all([getMode(), getLocale()]);
  const timeZone = env().DEFAULT_TIME_ZONE;
  return exportResponse({
    name,
    list,
    query: request.nextUrl.searchParams,
    context: { mode, timeZone, client: () => getPaymentClient(mode, "bulk"), db: getDb },
    t: exportTranslator(locale),
    signal: request.signal,
    operator: { id: operator.id, email: operator.email },
    subject,
  });
}
