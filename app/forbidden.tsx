import { CenteredMessage } from "@/components/layout/centered-message";
import { getT } from "@/lib/i18n/server";

export default async function Forbidden() {
  const t = await getT();
  return <CenteredMessage code="403" title={t("errors.forbiddenTitle")} body={t("errors.forbiddenBody")} href="/" linkLabel={t("errors.goHome")} />;
}
