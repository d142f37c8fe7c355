import type { Address } from "@/lib/payments/schemas";
import type { Rng, Weighted } from "./random";

type Province = { name: string; code: number; cantons: readonly (readonly [string, number])[] };

// Province and canton numbers are the official ones, so the five-digit postal codes (province, canton, district) are real.
const PROVINCES: readonly Province[] = [
  { name: "San José", code: 1, cantons: [["San José", 1], ["Escazú", 2], ["Desamparados", 3], ["Goicoechea", 8], ["Santa Ana", 9], ["Tibás", 13], ["Moravia", 14], ["Montes de Oca", 15], ["Curridabat", 18], ["Pérez Zeledón", 19]] },
  { name: "Alajuela", code: 2, cantons: [["Alajuela", 1], ["San Ramón", 2], ["Grecia", 3], ["Atenas", 5], ["Palmares", 7], ["San Carlos", 10]] },
  { name: "Cartago", code: 3, cantons: [["Cartago", 1], ["Paraíso", 2], ["La Unión", 3], ["Turrialba", 5], ["Oreamuno", 7], ["El Guarco", 8]] },
  { name: "Heredia", code: 4, cantons: [["Heredia", 1], ["Barva", 2], ["Santo Domingo", 3], ["San Rafael", 5], ["Belén", 7], ["Flores", 8], ["San Pablo", 9]] },
  { name: "Guanacaste", code: 5, cantons: [["Liberia", 1], ["Nicoya", 2], ["Santa Cruz", 3], ["Cañas", 6], ["Tilarán", 8]] },
  { name: "Puntarenas", code: 6, cantons: [["Puntarenas", 1], ["Esparza", 2], ["Osa", 5], ["Quepos", 6], ["Golfito", 7], ["Garabito", 11]] },
  { name: "Limón", code: 7, cantons: [["Limón", 1], ["Pococí", 2], ["Siquirres", 3], ["Talamanca", 4], ["Guácimo", 6]] },
];

// Most people live in the Central Valley.
const PROVINCE_WEIGHTS: Weighted<Province> = PROVINCES.map((province, index) => [province, [40, 18, 12, 15, 6, 5, 4][index] ?? 1]);

// Costa Ricans give directions from landmarks rather than street numbers.
const LANDMARKS = [
  "la iglesia católica", "el parque central", "el Palí", "la escuela", "el Más x Menos", "la plaza de deportes",
  "el BCR", "la Cruz Roja", "el Automercado", "la estación de bomberos",
] as const;
const DIRECTIONS = ["norte", "sur", "este", "oeste"] as const;
const COMPLEXES = ["Residencial Los Arcos", "Condominio Vista Real", "Urbanización La Floresta", "Condominio Las Palmas", "Residencial El Prado"] as const;
const DETAILS = ["Portón negro", "Casa esquinera", "Segunda planta", "Portón blanco, muro verde", "Contiguo a la pulpería", "Frente a la parada de bus"] as const;

/** "De la escuela", but "Del parque central": Spanish contracts de + el. */
function fromLandmark(landmark: string): string {
  return landmark.startsWith("el ") ? `Del ${landmark.slice(3)}` : `De ${landmark}`;
}

/** A canton, weighted by where people live (for business names). */
export function cantonName(rng: Rng): string {
  const province = rng.weighted(PROVINCE_WEIGHTS);
  return rng.pick(province.cantons)[0];
}

export function crAddress(rng: Rng): Address {
  const province = rng.weighted(PROVINCE_WEIGHTS);
  const [canton, cantonCode] = rng.pick(province.cantons);
  const line1 = rng.chance(0.65)
    ? `${fromLandmark(rng.pick(LANDMARKS))} ${rng.pick([100, 150, 200, 300, 400])} m ${rng.pick(DIRECTIONS)}${rng.chance(0.4) ? ` y ${rng.pick([25, 50, 75])} m ${rng.pick(DIRECTIONS)}` : ""}, casa ${rng.int(1, 60)}`
    : `${rng.pick(COMPLEXES)}, ${rng.chance(0.5) ? `casa ${rng.int(1, 120)}` : `apto ${rng.int(1, 6)}0${rng.int(1, 9)}`}`;
  return {
    line1,
    line2: rng.chance(0.4) ? rng.pick(DETAILS) : null,
    city: canton,
    state: province.name,
    postalCode: `${province.code}${String(cantonCode).padStart(2, "0")}0${rng.int(1, 5)}`,
    country: "CR",
  };
}
