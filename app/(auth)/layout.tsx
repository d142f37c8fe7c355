import type { ReactNode } from "react";
import { ClientMessages } from "@/components/client-messages";

// The sign-in page's client parts: the brand, the language switch and the form.
export default function SignInLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={["app", "shell", "signIn"]}>{children}</ClientMessages>;
}
