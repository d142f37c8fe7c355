import { StatusScreen } from "@/components/layout/centered-message";

// Reached when a session cookie is still valid but its operator was disabled or removed.
export default function Unauthorized() {
  return <StatusScreen code="401" />;
}
