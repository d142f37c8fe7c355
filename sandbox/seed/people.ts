import { cantonName } from "./places";
import type { Rng, Weighted } from "./random";

// Names as they appear on Costa Rican cédulas: one or two given names and both surnames (father's, then mother's).
const WOMEN = [
  "María", "Ana", "Sofía", "Valeria", "Daniela", "Gabriela", "Andrea", "Laura", "Carolina", "Mariana", "Fernanda",
  "Natalia", "Paola", "Melissa", "Karla", "Silvia", "Marta", "Rosa", "Yorleny", "Jimena", "Camila", "Lucía", "Adriana",
  "Verónica", "Priscilla", "Hazel", "Raquel", "Alejandra", "Cristina", "Isabel",
] as const;
const MEN = [
  "José", "Juan", "Luis", "Carlos", "Jorge", "Andrés", "Diego", "Esteban", "Pablo", "Daniel", "Sebastián", "Alonso",
  "Mauricio", "Rodolfo", "Fabián", "Randall", "Minor", "Olman", "Greivin", "Johan", "Kevin", "Gerardo", "Álvaro",
  "Manuel", "Ricardo", "Felipe", "Marco", "Emilio", "Mario", "Roberto",
] as const;
const COMPOUND_WOMEN = ["María Fernanda", "Ana Lucía", "María José", "Ana Victoria", "María Paula", "Sofía Isabel"] as const;
const COMPOUND_MEN = ["José Pablo", "Juan Carlos", "Luis Diego", "José Manuel", "Juan José", "Carlos Andrés"] as const;
const SURNAMES = [
  "Solís", "Mora", "Rodríguez", "Vargas", "Jiménez", "Rojas", "Alvarado", "Chaves", "Araya", "Quesada", "Castro",
  "Villalobos", "Sánchez", "Ramírez", "Hernández", "Méndez", "Calderón", "Zúñiga", "Segura", "Arias", "Brenes",
  "Cordero", "Salazar", "Madrigal", "Ulate", "Herrera", "Campos", "Monge", "Picado", "Fallas", "Céspedes", "Barrantes",
  "Gamboa", "Umaña", "Venegas", "Valverde", "Sibaja", "Porras", "Murillo", "Chacón", "Esquivel", "Marín", "Navarro",
  "Guzmán", "Aguilar", "Soto", "Bonilla", "Carvajal", "Montero", "Cascante", "Elizondo", "Fonseca", "Granados",
  "Leiva", "Matamoros", "Obando", "Pérez", "Quirós", "Retana", "Vindas",
] as const;
const BUSINESS_KINDS = ["Inversiones", "Distribuidora", "Comercial", "Servicios", "Importadora", "Consultores"] as const;
const BUSINESS_SUFFIXES = ["S.A.", "S.R.L.", "Limitada"] as const;

const EMAIL_DOMAINS: Weighted<string> = [
  ["gmail.com", 55], ["hotmail.com", 18], ["outlook.com", 10], ["yahoo.com", 8], ["ice.co.cr", 4], ["racsa.co.cr", 3],
  ["ucr.ac.cr", 2],
];

export function personName(rng: Rng): string {
  const woman = rng.chance(0.5);
  const compound = rng.chance(0.25);
  const given = compound ? rng.pick(woman ? COMPOUND_WOMEN : COMPOUND_MEN) : rng.pick(woman ? WOMEN : MEN);
  return `${given} ${rng.pick(SURNAMES)} ${rng.pick(SURNAMES)}`;
}

export function businessName(rng: Rng): string {
  return `${rng.pick(BUSINESS_KINDS)} ${rng.pick(SURNAMES)} y ${rng.pick(SURNAMES)} ${rng.pick(BUSINESS_SUFFIXES)}`;
}

/** Ids starting with 2 belong to the state: municipalities, school boards, public institutions. */
export function publicBodyName(rng: Rng): string {
  return rng.chance(0.5) ? `Municipalidad de ${cantonName(rng)}` : `Junta de Educación Escuela ${rng.pick(SURNAMES)}`;
}

/** Lowercase ASCII words: e-mail local parts drop accents and ñ the way people type them. */
export function asciiWords(text: string): string[] {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** An e-mail someone with this name would plausibly have; `taken` keeps them unique within a mode. */
export function emailFor(rng: Rng, name: string, isBusiness: boolean, taken: Set<string>): string {
  const words = asciiWords(name);
  const [first = "cliente", second = "", third = ""] = words;
  let local: string;
  let domain: string;
  if (isBusiness) {
    local = rng.pick(["facturacion", "pagos", "contabilidad", "info"]);
    domain = `${words.slice(0, 2).join("")}.co.cr`;
  } else {
    const surname = words.length > 3 ? third : second;
    const style = rng.int(0, 3);
    local =
      style === 0 ? `${first}.${surname}` : style === 1 ? `${first.charAt(0)}${surname}` : style === 2
        ? `${first}${surname}${rng.int(70, 99)}` : `${first}.${surname}.${words[words.length - 1] ?? ""}`;
    domain = rng.weighted(EMAIL_DOMAINS);
  }
  let email = `${local}@${domain}`;
  for (let n = 2; taken.has(email); n++) email = `${local}${n}@${domain}`;
  taken.add(email);
  return email;
}

/** Eight digits of a Costa Rican mobile line (6, 7 or 8 first), not yet `taken`, and never the merchant's own. */
export function mobileDigits(rng: Rng, taken: Set<string>): string {
  for (;;) {
    const digits = `${rng.weighted<string>([["8", 55], ["7", 25], ["6", 20]])}${rng.digits(7)}`;
    if (taken.has(digits) || digits === "70001234") continue;
    taken.add(digits);
    return digits;
  }
}

/** How a sender's phone arrives on a SINPE transfer: local, with or without the dash ("8812-3456" or "88123456"). */
export function localPhone(rng: Rng, digits: string): string {
  return rng.chance(0.5) ? `${digits.slice(0, 4)}-${digits.slice(4)}` : digits;
}

// The identification types the spec lists for a transfer's originId, one per format it gives.
export const SENDER_ID_KINDS = ["physical", "dimex", "legal_public", "legal_private", "nite", "didi", "passport"] as const;
export type SenderIdKind = (typeof SENDER_ID_KINDS)[number];

export const PERSON_ID_KINDS: Weighted<SenderIdKind> = [
  ["physical", 86], ["dimex", 9], ["passport", 2], ["didi", 1.5], ["nite", 1.5],
];

export function senderId(rng: Rng, kind: SenderIdKind): string {
  switch (kind) {
    case "physical":
      return `0${rng.int(1, 7)}-${rng.digits(4)}-${rng.digits(4)}`;
    case "dimex":
      return `1${rng.digits(11)}`;
    case "legal_public":
      return `2-${rng.pick(["100", "200", "300", "400"])}-${rng.digits(6)}`;
    case "legal_private":
      return `3-${rng.pick(["101", "101", "102", "002", "006"])}-${rng.digits(6)}`;
    case "nite":
      return `4-000-${rng.digits(6)}`;
    case "didi":
      return `5${rng.digits(11)}`;
    case "passport":
      return `9${rng.digits(11)}`;
  }
}
