import { CenteredMessage } from "@/components/layout/centered-message";
import { getT } from "@/lib/i18n/server";

export default async function NotFound() {
  const t = await getT();
  return <CenteredMessage code="404" title={t("errors.notFoundTitle")} body={t("errors.notFoundBody")} href="/" linkLabel={t("errors.goHome")} />;
}
