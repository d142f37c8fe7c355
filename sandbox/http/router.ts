import type { Mode } from "../model";
import type { Store } from "../store/store";

export type RequestContext = {
  mode: Mode;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  path: string;
  store: Store;
};

/** A string body is sent as HTML unless contentType says otherwise; anything else as JSON. */
export type Reply = { status?: number; body: unknown; contentType?: string };
export type Handler = (context: RequestContext) => Reply | Promise<Reply>;
export type Route = { method: "GET" | "POST"; pattern: RegExp; handler: Handler };

/** `/v1/customers/:id` → a regex with a named group per parameter (ids never contain a slash). */
export function route(method: Route["method"], template: string, handler: Handler): Route {
  const source = template.replace(/:([A-Za-z]+)/g, "(?<$1>[^/]+)");
  return { method, pattern: new RegExp(`^${source}$`), handler };
}

export function match(routes: Route[], method: string, path: string): { route: Route; params: Record<string, string> } | "method" | null {
  let pathMatched = false;
  for (const candidate of routes) {
    const found = candidate.pattern.exec(path);
    if (!found) continue;
    pathMatched = true;
    if (candidate.method !== method) continue;
    const params: Record<string, string> = {};
    for (const [key, value] of Object.entries(found.groups ?? {})) params[key] = decodeURIComponent(value);
    return { route: candidate, params };
  }
  return pathMatched ? "method" : null;
}
