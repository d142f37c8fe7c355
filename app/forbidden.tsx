import { StatusScreen } from "@/components/layout/centered-message";

export default function Forbidden() {
  return <StatusScreen code="403" />;
}
