import { findList } from "@/app/(dashboard)/lists";
import type { Db } from "@/db";
import type { ExportContext } from "@/lib/export/define";
import { EXPORT_TOTAL_HEADER } from "@/lib/export/names";
import { exportResponse, type ExportRequest } from "@/lib/export/response";
import { exportTranslator } from "@/lib/export/translator";
import type { Locale } from "@/lib/i18n/config";
import { parseCsv } from "./read-csv";

// A registered list's CSV as the export route makes it (everything but the session check), in either language, and
// read back with a parser of its own (read-csv.ts): the one way the tests export a list and look at the file.

export type ListExportOptions = { locale?: Locale; query?: Record<string, string> } & Pick<ExportRequest, "now" | "operator" | "subject">;

/** The export route's answer for the list called `name`: a file, or a refusal (400, 429, 502) to look at as such. */
export function listExport(name: string, context: ExportContext, { locale = "es", query = {}, ...rest }: ListExportOptions = {}): Promise<Response> {
  const list = findList(name);
  if (!list) throw new Error(`no list is registered as ${name}`);
  return exportResponse({ name, list: list.export, query: new URLSearchParams(query), context, t: exportTranslator(locale), ...rest });
}

/** A file the export answered with: its header, its rows and the total it announced before the first row. */
export async function readCsvExport(response: Response): Promise<{ header: string[]; rows: string[][]; total: number }> {
  const text = await response.text();
  if (response.status !== 200) throw new Error(`the export answered ${response.status}, not a file: ${text}`);
  const [header = [], ...rows] = parseCsv(text);
  return { header, rows, total: Number(response.headers.get(EXPORT_TOTAL_HEADER)) };
}

/** Both: the list exported in a language, and read. */
export async function exportCsv(name: string, context: ExportContext, options?: ListExportOptions) {
  return readCsvExport(await listExport(name, context, options));
}

/** The context of a list read from this app's own database: asking the Payment Service would be the bug under test. */
export function databaseOnly(db: Db, mode: ExportContext["mode"] = "test"): ExportContext {
  return {
    mode,
    timeZone: "America/Costa_Rica",
    client: () => {
      throw new Error("this list is read from the database, not from the Payment Service");
    },
    db: () => db,
  };
}
