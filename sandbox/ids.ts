import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

/** A fresh id for something created at run time (the seed makes its own, deterministically). */
export function newId(prefix: string, length = 24): string {
  let out = "";
  for (const byte of randomBytes(length)) out += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${out}`;
}
