import "server-only";
import { getToken } from "next-auth/jwt";

/**
 * The operator id in a request's session cookie, or null when there is none or it is forged, tampered with or expired.
 * It reads the JWT exactly as Auth.js wrote it (its cookie names, chunking, salt, decryption and expiry check) but
 * without running Auth.js's whole session endpoint — a CSRF token, a decode and a re-encode whose cookie a render
 * cannot even set — on every request. Only the cookie is passed: a bearer header is not a session here.
 */
export async function sessionSubject(cookieHeader: string | null, secret: string | undefined): Promise<string | null> {
  // Without a secret (a misconfigured dev server) nobody is signed in; Auth.js refuses to sign anyone in too.
  if (!cookieHeader || !secret) return null;
  // Auth.js names the cookie __Secure-… when the site is served over https.
  const secureCookie = cookieHeader.includes("__Secure-authjs.session-token");
  const token = await getToken({ req: { headers: { cookie: cookieHeader } }, secret, secureCookie, logger: silent });
  return typeof token?.sub === "string" && token.sub !== "" ? token.sub : null;
}

// A chunked-cookie warning is not worth a log line per request.
const silent = { error: () => {}, warn: () => {}, debug: () => {} };
