import { Card } from "@/components/ui/card";
import type { Translator } from "@/lib/i18n/server";

/**
 * An object's metadata as key/value rows. Values are the merchant's own text (up to 500 characters): shown whole and
 * wrapped, never cut, because they are often what an operator searches for.
 */
export function MetadataTable({ metadata, t }: { metadata: Record<string, string> | null | undefined; t: Translator }) {
  const labels = { title: t("detail.metadata.title"), key: t("detail.metadata.key"), value: t("detail.metadata.value"), empty: t("detail.metadata.empty") };
  const entries = Object.entries(metadata ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return (
    <Card className="overflow-hidden">
      <h2 className="px-4 pt-4 text-sm font-semibold text-slate-900 sm:px-5">{labels.title}</h2>
      {entries.length === 0 ? (
        <p className="px-4 py-4 text-sm text-slate-500 sm:px-5">{labels.empty}</p>
      ) : (
        <table className="mt-3 w-full table-fixed text-sm">
          <caption className="sr-only">{labels.title}</caption>
          <thead className="border-y border-slate-200 bg-slate-50 text-left text-xs text-slate-500">
            <tr>
              <th scope="col" className="w-2/5 px-4 py-2 font-medium sm:px-5">{labels.key}</th>
              <th scope="col" className="px-4 py-2 font-medium sm:px-5">{labels.value}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {entries.map(([key, value]) => (
              <tr key={key}>
                <th scope="row" className="px-4 py-2.5 text-left align-top font-mono text-xs font-normal break-words text-slate-600 sm:px-5">{key}</th>
                <td className="px-4 py-2.5 align-top break-words whitespace-pre-wrap text-slate-900 sm:px-5">{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
