import { Card } from "@/components/ui/card";
import type { Translator } from "@/lib/i18n/server";


// Both are shown as text nodes, which React escapes: a body is whatever the sender wrote, markup included.
const block = "max-h-96 overflow-auto rounded-md bg-slate-950 p-3 font-mono text-xs leading-relaxed text-slate-100";

/** What the receiver parsed, pretty-printed, and the body exactly as it arrived (the source of any re-processing). */
export function BodyCards({ payload, rawBody, t }: { payload: unknown; rawBody: string; t: Translator }) {
  return (
    <>
      <Card className="p-4">
        <h2 className="text-sm font-semibold text-slate-900">{t("events.detail.payload")}</h2>
        {payload === null || payload === undefined ? (
          <p className="mt-2 text-sm text-slate-500">{t("events.detail.noPayload")}</p>
        ) : (
          <pre aria-label={t("events.detail.payload")} tabIndex={0} className={`mt-3 ${block}`}>
            {JSON.stringify(payload, null, 2)}
          </pre>
        )}
      </Card>
      <Card className="p-4">
        <h2 className="text-sm font-semibold text-slate-900">{t("events.detail.rawBody")}</h2>
        {/* Wrapped: a body is often one long line, and the reason above usually points at a spot inside it. */}
        <pre aria-label={t("events.detail.rawBody")} tabIndex={0} className={`mt-3 whitespace-pre-wrap wrap-anywhere ${block}`}>
          {rawBody}
        </pre>
      </Card>
    </>
  );
}
