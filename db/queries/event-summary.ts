import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { HANDLERS } from "@/lib/webhooks/registry";
import { SUMMARY_FIELDS, type SummaryField } from "@/lib/webhooks/types";
import { webhookEvents } from "../schema";

// An event's summary fields, read out of its payload by the paths its type declares (lib/webhooks/handlers/<type>.ts,
// `summary`): `case type when 'payment-intent.succeeded' then payload #>> '{data,amount}' … end`. An unknown type (or a
// field its type does not have) reads as null, never as a same-named field that means something else.

const definitions = Object.values(HANDLERS);

// The types and paths come from the code, not from a request; inlined as literals so each query keeps one plan.
const literal = (text: string) => sql.raw(`'${text.replaceAll("'", "''")}'`);
const pathLiteral = (path: string) => literal(`{data,${path.split(".").join(",")}}`);

function field(field: SummaryField): SQL<string | null> {
  const branches = definitions.flatMap((definition) => {
    const path = (definition.summary as Partial<Record<SummaryField, string>>)[field];
    return path ? [sql`when ${literal(definition.type)} then ${webhookEvents.payload} #>> ${pathLiteral(path)}`] : [];
  });
  if (branches.length === 0) return sql<string | null>`null::text`;
  // An empty string is no value (a renewal's last failure sends nextPaymentAttempt "").
  return sql<string | null>`nullif(case ${webhookEvents.type} ${sql.join(branches, sql` `)} end, '')`;
}

/** The select list of every summary field, for a query over webhook_events. */
export const SUMMARY_COLUMNS = Object.fromEntries(SUMMARY_FIELDS.map((name) => [name, field(name)])) as Record<SummaryField, SQL<string | null>>;

/** The types whose summary says when the service tries again (and, when it will not, that it has given up). */
export const RETRYING_TYPES: ReadonlySet<string> = new Set(definitions.filter((definition) => "nextAttempt" in definition.summary).map((definition) => definition.type));
