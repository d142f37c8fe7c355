import { AreaPlaceholder } from "@/components/layout/area-placeholder";

export default function Page() {
  return <AreaPlaceholder area="renewals" />;
}
