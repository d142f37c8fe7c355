// A SINPE sender's identification (a transfer's originId) and the kind of id its format says it is. The spec gives one
// format per kind; banks are not consistent about the dashes, so the digits decide and the spec's layout is restored.

export const SENDER_ID_KINDS = ["physical_id", "dimex", "legal_entity", "nite", "didi", "passport_other"] as const;

export type SenderIdKind = (typeof SENDER_ID_KINDS)[number];

export type DecodedSenderId =
  | { kind: SenderIdKind; formatted: string }
  /** Not one of the spec's formats: shown as sent, never guessed at. */
  | { kind: "unknown"; formatted: string };

// Ten digits: 0 + province (physical id), 2 or 3 (legal entity), 4000 (NITE). Twelve: 1 (DIMEX), 5 (DIDI), 9 (other).
const FORMATS: { kind: SenderIdKind; digits: RegExp; layout: (d: string) => string }[] = [
  { kind: "physical_id", digits: /^0\d{9}$/, layout: (d) => `${d.slice(0, 2)}-${d.slice(2, 6)}-${d.slice(6)}` },
  { kind: "legal_entity", digits: /^[23]\d{9}$/, layout: (d) => `${d[0]}-${d.slice(1, 4)}-${d.slice(4)}` },
  { kind: "nite", digits: /^4000\d{6}$/, layout: (d) => `4-000-${d.slice(4)}` },
  { kind: "dimex", digits: /^1\d{11}$/, layout: (d) => d },
  { kind: "didi", digits: /^5\d{11}$/, layout: (d) => d },
  { kind: "passport_other", digits: /^9\d{11}$/, layout: (d) => d },
];

/** decodeSenderId("3-101-123456") → { kind: "legal_entity", formatted: "3-101-123456" }. */
export function decodeSenderId(raw: string | null | undefined): DecodedSenderId {
  const text = (raw ?? "").trim();
  // Only digits with optional dashes or spaces between them; letters or other marks mean a format the spec lacks.
  if (!/^\d(?:[\d\s-]*\d)?$/.test(text)) return { kind: "unknown", formatted: text };
  const digits = text.replace(/[\s-]/g, "");
  const format = FORMATS.find((candidate) => candidate.digits.test(digits));
  return format ? { kind: format.kind, formatted: format.layout(digits) } : { kind: "unknown", formatted: text };
}
