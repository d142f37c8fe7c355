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

const CLOCK_TOLERANCE_S = 15;

type Payload = Awaited<ReturnType<typeof jwtDecrypt>>["payload"];
/**
 * Tokens this process has already decrypted and authenticated, by their exact text (and secret and salt), with their
 * claims. Every page is two decryptions (the proxy's and the render's) of the same cookie, each an AES decryption, two
 * HMACs and a key generation in WebCrypto: the largest piece of a small page's own CPU after React. A token's text can
 * only equal one seen before if it is that token (the decryption authenticated every byte of it), so a hit proves as
 * much as decrypting again; its expiry is still checked on every request, and the operator behind it (disabled, its
 * sessions ended: the session version) is still read from the database by requireOperator. Failures are not kept.
 */
const verified = new Map<string, Payload>();
const VERIFIED_MAX = 1000;

/** Whether the claims' expiry and not-before still hold now, with the decryption's own clock tolerance. */
function stillValid(payload: Payload): boolean {
  const now = Math.floor(Date.now() / 1000);
  if (typeof payload.exp === "number" && payload.exp <= now - CLOCK_TOLERANCE_S) return false;
  if (typeof payload.nbf === "number" && payload.nbf > now + CLOCK_TOLERANCE_S) return false;
  return true;
}

/**
 * Auth.js's decode (A256CBC-HS512 or A256GCM with "dir", a key derived by HKDF-SHA256 from the secret and the cookie
 * name, 15 s of clock tolerance) with two differences: the derived key and its thumbprint are computed once per
 * process instead of on every request, where they cost more than the decryption itself; and a token already
 * decrypted is not decrypted again (see `verified`). session-token.test.ts checks it against tokens made by
 * Auth.js's own encode.
 */
async function decodeSession({ token, secret, salt }: JWTDecodeParams) {
  if (!token) return null;
  const secrets = Array.isArray(secret) ? secret : [secret];
  const id = `${salt}\u0000${secrets.join("\u0000")}\u0000${token}`;
  const known = verified.get(id);
  if (known) {
    if (stillValid(known)) return known;
    verified.delete(id);
    return null;
  }
  // Frozen: the same object answers later requests, so nothing may change it on the way.
  const payload = Object.freeze(await decryptSession(token, secrets, salt));
  // The oldest entry goes first: a Map iterates in insertion order.
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
  verified.set(id, payload);
  return payload;
}

async function decryptSession(token: string, secrets: string[], salt: string): Promise<Payload> {
  const { payload } = await jwtDecrypt(
    token,
    async ({ kid, enc }) => {
      for (const material of secrets) {
        const derived = await derivedKey(enc, material, salt);
        if (kid === undefined || kid === derived.thumbprint) return derived.key;
      }
      throw new Error("no matching decryption secret");
    },
    { clockTolerance: CLOCK_TOLERANCE_S, keyManagementAlgorithms: ["dir"], contentEncryptionAlgorithms: ["A256CBC-HS512", "A256GCM"] },
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
