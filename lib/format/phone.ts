// A Costa Rican phone number written one way wherever the app shows one: "+506 8637-6291" with the country code,
// "8637-6291" without (the service's records and SINPE's webhooks carry both, bare digits or already grouped).
// Anything else — another country, an extension, letters — is shown exactly as it came.
export function formatPhone(raw: string): string {
  const compact = raw.trim().replace(/[\s().-]/g, "");
  const match = /^(\+506)?(\d{4})(\d{4})$/.exec(compact);
  if (!match) return raw.trim();
  const local = `${match[2]}-${match[3]}`;
  return match[1] ? `${match[1]} ${local}` : local;
}
