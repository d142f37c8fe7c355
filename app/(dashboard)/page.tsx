import { AreaPlaceholder } from "@/components/layout/area-placeholder";

export default function OverviewPage() {
  return <AreaPlaceholder area="overview" />;
}
