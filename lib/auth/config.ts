import "server-only";
import type { NextAuthConfig } from "next-auth";
import { env } from "@/lib/env";
import { safeRedirectUrl } from "./callback-url";

declare module "next-auth" {
  interface User {
    sessionVersion?: number;
  }
}
declare module "next-auth/jwt" {
  interface JWT {
    sessionVersion?: number;
  }
}

export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60; // one working day

/**
 * The part of the Auth.js configuration that needs no database, shared by the proxy (which only reads the session
 * cookie) and the full configuration in lib/auth.ts. A function, so env is read at request time, not at build.
 */
export function baseAuthConfig(): NextAuthConfig {
  const settings = env();
  return {
    secret: settings.AUTH_SECRET,
    trustHost: settings.AUTH_TRUST_HOST,
    pages: { signIn: "/sign-in", error: "/sign-in" },
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    providers: [],
    callbacks: {
      // Every redirect Auth.js makes (after sign-in, sign-out, or from a Referer it falls back to) stays on this site.
      redirect({ url, baseUrl }) {
        return safeRedirectUrl(url, baseUrl);
      },
      // The token carries only the operator id and the session version it was issued at; role, disabled and the
      // current version are read fresh from the database on every request (currentOperator).
      jwt({ token, user }) {
        if (user?.id) {
          token.sub = user.id;
          token.sessionVersion = user.sessionVersion ?? 0;
        }
        return token;
      },
      session({ session, token }) {
        if (token.sub) session.user.id = token.sub;
        return session;
      },
    },
    logger: {
      // A wrong password is an expected event, recorded in sign_in_attempts; no stack trace in the server log.
      error(error) {
        if ("type" in error && error.type === "CredentialsSignin") return;
        console.error(`[auth] ${error.name}: ${error.message}`);
      },
      warn(code) {
        console.warn(`[auth] warning ${code}`);
      },
      debug() {},
    },
  };
}
