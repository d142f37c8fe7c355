import "server-only";
import { hkdfSync } from "node:crypto";
import { base64url, calculateJwkThumbprint, jwtDecrypt } from "jose";
import { getToken, type JWTDecodeParams } from "next-auth/jwt";

/**
 * The operator id in a request's session cookie, or null when there is none or it is forged, tampered with or expired.
 * It reads the JWT as Auth.js wrote it (its cookie names, chunking and salt, via its getToken) but without running
 * Auth.js's whole session endpoint — a CSRF token, a decode and a re-encode whose cookie a render cannot even set —
 * on every request. Only the cookie is passed: a bearer header is not a session here.
 */
export async function sessionSubject(cookieHeader: string | null, secret: string | undefined): Promise<string | null> {
  return (await sessionClaims(cookieHeader, secret))?.subject ?? null;
}

/**
 * The operator id and the session version the token was issued with (see operators.sessionVersion). A token from
 * before versions existed counts as version 0, the column's default, so deploying this signs nobody out.
 */
export async function sessionClaims(cookieHeader: string | null, secret: string | undefined): Promise<{ subject: string; version: number } | null> {
  // Without a secret (a misconfigured dev server) nobody is signed in; Auth.js refuses to sign anyone in too.
  if (!cookieHeader || !secret) return null;
  // Auth.js names the cookie __Secure-… when the site is served over https.
  const secureCookie = cookieHeader.includes("__Secure-authjs.session-token");
  const token = await getToken({ req: { headers: { cookie: cookieHeader } }, secret, secureCookie, logger: silent, decode: decodeSession });
  if (typeof token?.sub !== "string" || token.sub === "") return null;
  const version = token.sessionVersion ?? 0;
  return Number.isSafeInteger(version) ? { subject: token.sub, version } : null;
}

// A chunked-cookie warning is not worth a log line per request.
const silent = { error: () => {}, warn: () => {}, debug: () => {} };

type DerivedKey = { key: Uint8Array; thumbprint: string };
const derivedKeys = new Map<string, Promise<DerivedKey>>();

/**
 * Auth.js's decode (A256CBC-HS512 or A256GCM with "dir", a key derived by HKDF-SHA256 from the secret and the cookie
 * name, 15 s of clock tolerance) with one difference: the derived key and its thumbprint are computed once per
 * process instead of on every request, where they cost more than the decryption itself.
 * session-token.test.ts checks it against tokens made by Auth.js's own encode.
 */
async function decodeSession({ token, secret, salt }: JWTDecodeParams) {
  if (!token) return null;
  const secrets = Array.isArray(secret) ? secret : [secret];
  const { payload } = await jwtDecrypt(
    token,
    async ({ kid, enc }) => {
      for (const material of secrets) {
        const derived = await derivedKey(enc, material, salt);
        if (kid === undefined || kid === derived.thumbprint) return derived.key;
      }
      throw new Error("no matching decryption secret");
    },
    { clockTolerance: 15, keyManagementAlgorithms: ["dir"], contentEncryptionAlgorithms: ["A256CBC-HS512", "A256GCM"] },
  );
  return payload;
}

function derivedKey(enc: string, secret: string, salt: string): Promise<DerivedKey> {
  const length = enc === "A256CBC-HS512" ? 64 : enc === "A256GCM" ? 32 : 0;
  if (length === 0) return Promise.reject(new Error("Unsupported JWT Content Encryption Algorithm"));
  const id = `${enc}\u0000${salt}\u0000${secret}`;
  let derived = derivedKeys.get(id);
  if (!derived) {
    const key = new Uint8Array(hkdfSync("sha256", secret, salt, `Auth.js Generated Encryption Key (${salt})`, length));
    derived = calculateJwkThumbprint({ kty: "oct", k: base64url.encode(key) }, `sha${length << 3}` as "sha256" | "sha512").then((thumbprint) => ({ key, thumbprint }));
    derivedKeys.set(id, derived);
  }
  return derived;
}
