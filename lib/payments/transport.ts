import "server-only";
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";

// How the client's calls travel (client.ts keeps the key, the retries and the parsing). By default over node:http
// with a keep-alive agent: Node's fetch (undici behind WHATWG streams, Headers and an AbortSignal per call) cost
// about 0.3 ms more CPU a call, measured side by side against one local server, on the thread that renders every
// page (a customer's page makes four). A `fetch` given to the client (the tests and the sync's benchmarks watch
// the calls through one) is used instead, through the same shape.

export type TransportRequest = { method: "GET" | "POST"; headers: Record<string, string>; body?: string; timeoutMs: number };
export type TransportAnswer = { status: number; text: string; header: (name: string) => string | null };
/** One attempt: the answer whatever its status, or a throw: a TimeoutError (the timeout also covers the body), or anything else for the network. */
export type Transport = (url: string, request: TransportRequest) => Promise<TransportAnswer>;

/** What the transports throw when an attempt outlives its timeout, named as AbortSignal.timeout() names it. */
export class TransportTimeoutError extends Error {
  override name = "TimeoutError";
}

// Connections kept open between calls (the service is called many times a second), for the process's life.
const agents = { "http:": new HttpAgent({ keepAlive: true }), "https:": new HttpsAgent({ keepAlive: true }) };

export const httpTransport: Transport = (url, { method, headers, body, timeoutMs }) =>
  new Promise((resolve, reject) => {
    const https = url.startsWith("https:");
    const send = https ? httpsRequest : httpRequest;
    const request: ClientRequest = send(url, { method, headers: body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) }, agent: agents[https ? "https:" : "http:"] }, (response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      // Never followed (fetch's redirect: "error"): a redirect could hand the bearer key to another host.
      if (status >= 300 && status < 400) {
        response.resume();
        fail(new Error(`refused to follow a ${status} redirect`));
        return;
      }
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", fail);
      response.on("end", () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString("utf8");
        resolve({ status, text, header: (name) => headerText(response.headers[name.toLowerCase()]) });
      });
    });
    const timer = setTimeout(() => request.destroy(new TransportTimeoutError(`timed out after ${timeoutMs}ms`)), timeoutMs);
    // Only ever called from the request's callbacks, after the timer is set.
    function fail(error: Error) {
      clearTimeout(timer);
      reject(error);
    }
    request.on("error", fail);
    request.end(body);
  });

const headerText = (value: string | string[] | undefined) => (value === undefined ? null : Array.isArray(value) ? value.join(", ") : value);

/** The same shape over a fetch: the one a test or a benchmark gives the client to watch its calls. */
export function fetchTransport(fetchImpl: typeof fetch): Transport {
  return async (url, { method, headers, body, timeoutMs }) => {
    const response = await fetchImpl(url, { method, headers, body, signal: AbortSignal.timeout(timeoutMs), redirect: "error" });
    // Read inside the attempt: the timeout must also cover a body that never finishes.
    const text = await response.text();
    return { status: response.status, text, header: (name) => response.headers.get(name) };
  };
}
