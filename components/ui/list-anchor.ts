/**
 * The anchor a list page puts above its filters and table (app/(dashboard)/list-page.tsx): where a way back that asks
 * for the rows lands (BackLink's `toRows`). A plain module: the server's list page and the client's link read the same
 * string (a "use client" module's constant reaches a server component as a client reference, not its value).
 */
export const LIST_ROWS_ANCHOR = "list";
