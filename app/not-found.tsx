import { StatusScreen } from "@/components/layout/centered-message";

export default function NotFound() {
  return <StatusScreen code="404" />;
}
