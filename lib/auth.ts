import "server-only";
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { z } from "zod";
import { getDb } from "@/db";
import { authenticate } from "./auth/authenticate";
import { clientIp } from "./auth/client-ip";
import { baseAuthConfig } from "./auth/config";

export class LockedSignIn extends CredentialsSignin {
  code = "locked";
}
export class InvalidSignIn extends CredentialsSignin {
  code = "invalid_credentials";
}

const credentialsSchema = z.object({
  email: z.string().trim().email().max(254),
  password: z.string().min(1).max(1024),
});

export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  ...baseAuthConfig(),
  providers: [
    Credentials({
      credentials: { email: { type: "email" }, password: { type: "password" } },
      async authorize(raw, request) {
        const parsed = credentialsSchema.safeParse(raw);
        if (!parsed.success) throw new InvalidSignIn();
        const result = await authenticate(getDb(), { ...parsed.data, ip: clientIp(request.headers) });
        if (result.ok) {
          const { id, email, name, sessionVersion } = result.operator;
          return { id, email, name, sessionVersion };
        }
        throw result.reason === "locked" ? new LockedSignIn() : new InvalidSignIn();
      },
    }),
  ],
}));
