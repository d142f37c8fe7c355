import { phoneKey } from "@/lib/search/phone";

// A Costa Rican phone number written one way wherever the app shows one: "+506 8637-6291" when it came with the
// country code, "8637-6291" without (the service's records and SINPE's webhooks carry both, bare digits or grouped).
// Which numbers are Costa Rican is search's rule (phoneKey: eight digits once +506 / 00506 is dropped); anything else
// — another country, an extension — is shown exactly as it came.
export function formatPhone(raw: string): string {
  const key = phoneKey(raw);
  if (!/^\d{8}$/.test(key)) return raw.trim();
  const local = `${key.slice(0, 4)}-${key.slice(4)}`;
  return raw.replace(/\D/g, "").length > key.length ? `+506 ${local}` : local;
}
