// Proxy — only turns signed-out visitors away; authorization is requireOperator() in each loader, action and handler.
import NextAuth from "next-auth";
import { NextResponse, type NextRequest } from "next/server";
import { baseAuthConfig } from "@/lib/auth/config";

const { auth } = NextAuth(() => baseAuthConfig());

// Reachable without a session: the sign-in page, Auth.js itself, the health check, the Payment Service's webhooks
// (they carry their own secret) and the benchmark's floor route (a 404 unless the benchmark turned it on).
const PUBLIC_PATHS = ["/sign-in", "/api/auth", "/api/webhooks", "/api/health", "/api/bench/floor"];

function isPublic(pathname: string): boolean {
  return PUBLIC_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (isPublic(pathname) || (await auth())?.user) return NextResponse.next();

  if (pathname.startsWith("/api/")) {
    return NextResponse.json({ error: "unauthorized", message: "Sign in first." }, { status: 401 });
  }
  // The callback is built from this request's own path, so it is always same-origin.
  const signIn = new URL("/sign-in", request.nextUrl.origin);
  if (pathname !== "/") signIn.searchParams.set("callbackUrl", `${pathname}${search}`);
  return NextResponse.redirect(signIn);
}

export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico|.*\\.(?:svg|png|jpg|jpeg|gif|webp|ico|css|js|map|txt)$).*)"],
};
