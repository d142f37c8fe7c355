import { validationError, notFoundError, SandboxError } from "./http/errors";
import { route, type Route } from "./http/router";
import { MODES } from "@/lib/env-schema";
import type { Mode } from "./model";
import { findScenario, SCENARIOS, ScenarioError } from "./scenarios";
import { approveReviewedSellers } from "./scenarios/marketplace";
import type { Store } from "./store/store";
import type { WebhookDeliverer } from "./webhooks/deliverer";

// The sandbox's own endpoints (not the Payment Service's): scenarios, the clock, the delivery log, and the hosted
// pages that onboarding and checkout URLs open. Local only; no key needed.

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

function parseMode(value: unknown): Mode {
  if (value === undefined || value === null || value === "") return "test";
  if (typeof value !== "string" || !(MODES as readonly string[]).includes(value)) throw validationError("mode must be one of the following values: test, live");
  return value as Mode;
}

function parseAdvance(body: unknown): number {
  const input = (body ?? {}) as { advanceSeconds?: unknown; advance?: unknown };
  if (typeof input.advanceSeconds === "number" && Number.isFinite(input.advanceSeconds) && input.advanceSeconds > 0) return input.advanceSeconds;
  const match = typeof input.advance === "string" ? /^(\d+)\s*([smhd])$/.exec(input.advance.trim()) : null;
  if (match) return Number(match[1]) * UNITS[match[2]!]!;
  throw validationError('send {"advanceSeconds": 86400} or {"advance": "3d"} (units s, m, h, d); the clock only moves forward');
}

/** A JSON body's string fields (a scenario's named record); anything else is ignored. */
function stringFields(body: unknown): Record<string, string> {
  if (typeof body !== "object" || body === null) return {};
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${title}</title></head><body style="font-family:system-ui;max-width:32rem;margin:4rem auto"><h1>${title}</h1><p>${body}</p><p><small>Sandbox del Payment Service</small></p></body></html>`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const TILE_COLOURS = ["#0f766e", "#b45309", "#1d4ed8", "#7c3aed", "#be123c", "#15803d"] as const;

function productImage(slug: string, n: number): string {
  const words = slug.split("-").filter((word) => word.length > 0);
  const colour = TILE_COLOURS[[...slug].reduce((sum, c) => sum + c.charCodeAt(0), n) % TILE_COLOURS.length];
  const label = escapeHtml(words.slice(0, 3).join(" "));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320"><rect width="320" height="320" fill="${colour}"/><text x="160" y="160" fill="#fff" font-family="system-ui,sans-serif" font-size="24" text-anchor="middle">${label}</text><text x="160" y="196" fill="#fff" font-family="system-ui,sans-serif" font-size="16" text-anchor="middle" opacity="0.8">${n}</text></svg>`;
}

export function controlRoutes({ store, webhooks, publicUrl }: { store: Store; webhooks: WebhookDeliverer; publicUrl: string }): Route[] {
  return [
    route("GET", "/_sandbox/health", () => ({ body: { ok: true, seed: store.options.seed, scale: store.options.scale, now: store.now().toISOString() } })),

    route("GET", "/_sandbox/deliveries", ({ query }) => {
      const limit = Math.min(Number(query.get("limit") ?? 100) || 100, 1000);
      // `done` is a promise, for scenarios; the rest is the delivery's record.
      const data = webhooks.list().slice(0, limit).map((d) => ({ id: d.id, mode: d.mode, type: d.type, url: d.url, state: d.state, createdAt: d.createdAt, attempts: d.attempts, body: d.body }));
      return { body: { data } };
    }),

    route("GET", "/_sandbox/scenarios", () => ({
      body: { data: SCENARIOS.map(({ name, description }) => ({ name, description, run: `POST ${publicUrl}/_sandbox/scenarios/${name}?mode=test` })) },
    })),

    route("POST", "/_sandbox/scenarios/:name", ({ params, query, body }) => {
      const scenario = findScenario(params.name!);
      if (!scenario) throw notFoundError(`No scenario named ${params.name}; GET /_sandbox/scenarios lists them`);
      const mode = parseMode(query.get("mode") ?? (body as { mode?: unknown } | undefined)?.mode);
      try {
        const input = { ...stringFields(body), ...Object.fromEntries(query) };
        return { status: 201, body: { scenario: scenario.name, mode, ...scenario.run({ store, mode, webhooks, publicUrl, input }) } };
      } catch (error) {
        if (error instanceof ScenarioError) throw new SandboxError(409, { statusCode: 409, message: error.message, error: "Conflict" });
        throw error;
      }
    }),

    // The seed's named records (a customer with an expired card beside a good one, a product priced in two currencies…).
    route("GET", "/_sandbox/fixtures", ({ query }) => {
      const mode = parseMode(query.get("mode"));
      return { body: { mode, ...store.fixtures[mode] } };
    }),

    route("GET", "/_sandbox/clock", () => ({ body: { now: store.now().toISOString(), offsetSeconds: Math.round(store.clockOffset / 1000) } })),
    route("POST", "/_sandbox/clock", ({ body }) => {
      const now = store.advanceClock(parseAdvance(body) * 1000);
      // What time passing does on its own: sellers whose review is over are approved.
      const approvedSellers = approveReviewedSellers(store);
      return { body: { now: now.toISOString(), offsetSeconds: Math.round(store.clockOffset / 1000), ...(approvedSellers.length > 0 && { approvedSellers }) } };
    }),

    // The hosted onboarding page a seller opens. A newer link, or 7 days, expire a link.
    route("GET", "/onboarding/:token", ({ params }) => {
      for (const mode of MODES) {
        const link = store.collection(mode, "onboardingLinks").all().find((l) => l.token === params.token);
        if (!link) continue;
        const account = store.get(mode, "connectedAccounts", link.accountId);
        if (link.expiredAt !== null || link.expiresAt <= store.now().toISOString()) {
          return { status: 410, body: page("Enlace expirado", "Este enlace de registro ya no es válido. Pide uno nuevo al comercio.") };
        }
        return { body: page("Registro de vendedor", `Completa el registro de ${escapeHtml(account?.businessName ?? "tu negocio")}.`) };
      }
      return { status: 404, body: page("Enlace no encontrado", "Este enlace de registro no existe.") };
    }),

    // The pictures products point at: a plain tile with the product's name, drawn here so pages show something offline.
    route("GET", "/images/products/:file", ({ params }) => {
      const found = /^([a-z0-9-]+)-(\d+)\.svg$/.exec(params.file ?? "");
      if (!found) throw notFoundError(`No image ${params.file}`);
      return { body: productImage(found[1]!, Number(found[2])), contentType: "image/svg+xml" };
    }),

    route("GET", "/checkout/:id", ({ params }) => {
      for (const mode of MODES) {
        if (store.get(mode, "checkoutSessions", params.id!)) return { body: page("Pago recibido", "Esta sesión de pago ya fue pagada.") };
      }
      return { status: 404, body: page("Sesión no encontrada", "Esta sesión de pago no existe.") };
    }),
  ];
}
