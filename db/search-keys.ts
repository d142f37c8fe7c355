import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

// The expressions that global search looks rows up by. The schema's indexes and the queries in db/queries/search.ts
// build them from here, so that they stay the same text and PostgreSQL can use the index. Literals, not parameters:
// an index expression cannot have parameters, and a query's must match it.

/** lib/search/phone.ts's phoneKey in SQL: digits only, no international 00, a Costa Rican number without 506. */
export function phoneKeySql(phone: SQLWrapper): SQL {
  return sql`regexp_replace(regexp_replace(${phone}, '[^0-9]', '', 'g'), '^(00)?(506(?=[0-9]{8}$))?', '')`;
}

/** The customer object that intent, renewal and checkout events embed: { id, name, phone, email }. */
export const eventCustomerField = (payload: SQLWrapper, field: "id" | "name" | "email" | "phone"): SQL =>
  sql`(${payload} #>> ${sql.raw(`'{data,customer,${field}}'`)})`;

export const eventCustomerEmailSql = (payload: SQLWrapper): SQL => sql`lower(${eventCustomerField(payload, "email")})`;
