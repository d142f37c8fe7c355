import "server-only";
import { hash, verify } from "@node-rs/argon2";
import { randomBytes } from "node:crypto";

// argon2id with the library's defaults (19 MiB, t=2, p=1): OWASP's recommended minimum.
export async function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when the email is unknown keeps the answer time the same as for a wrong password.
let dummyHash: Promise<string> | undefined;
export function timingSafeDummyHash(): Promise<string> {
  dummyHash ??= hash(randomBytes(16).toString("hex"));
  return dummyHash;
}

/** 20 characters from an unambiguous alphabet: about 115 bits, easy to read off a terminal. */
export function generatePassword(length = 20): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(length * 2);
  let out = "";
  // Rejection sampling: 256 is not a multiple of the alphabet's size.
  const limit = 256 - (256 % alphabet.length);
  for (const byte of bytes) {
    if (byte < limit) out += alphabet[byte % alphabet.length];
    if (out.length === length) return out;
  }
  return out + generatePassword(length - out.length);
}
