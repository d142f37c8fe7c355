// One comparable form of a phone number, however it was typed or stored: digits only, without an international
// "00", and a Costa Rican number without its +506 (so "+506 8812-3456", "506 88123456" and a SINPE sender's
// "8812-3456" are one number). Other countries keep their country code. db/search-keys.ts is the same rule in SQL,
// for the indexes; db/queries/search.int.test.ts checks that both agree.

const COSTA_RICA = /^(?:00)?(?:506(?=\d{8}$))?/;

export function phoneKey(raw: string | null | undefined): string {
  return (raw ?? "").replace(/\D/g, "").replace(COSTA_RICA, "");
}

/** True when two phones are the same number by phoneKey (an empty one matches nothing). */
export function samePhone(a: string | null | undefined, key: string): boolean {
  return key !== "" && phoneKey(a) === key;
}
