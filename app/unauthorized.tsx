import { CenteredMessage } from "@/components/layout/centered-message";
import { getT } from "@/lib/i18n/server";

// Reached when a session cookie is still valid but its operator was disabled or removed.
export default async function Unauthorized() {
  const t = await getT();
  return (
    <CenteredMessage code="401" title={t("errors.unauthorizedTitle")} body={t("errors.unauthorizedBody")} href="/sign-in" linkLabel={t("errors.goSignIn")} />
  );
}
