import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A real HTTP server on 127.0.0.1 for the client's tests: the client's own fetch, headers, timeouts and retries run
// for real, nothing is mocked.

/** `remotePort`: the client's end of the connection, the same for calls on one kept-alive connection. */
export type RecordedRequest = { method: string; url: string; headers: IncomingHttpHeaders; body: string; remotePort?: number };
export type Handler = (request: RecordedRequest, response: ServerResponse, index: number) => void | Promise<void>;

export type LocalServer = { url: string; requests: RecordedRequest[]; close: () => Promise<void> };

export async function startLocalServer(handler: Handler): Promise<LocalServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const recorded = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString(), remotePort: req.socket.remotePort };
      requests.push(recorded);
      void handler(recorded, res, requests.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

/** Answers the n-th request with the n-th reply; the last reply repeats. */
export function inSequence(...replies: ((res: ServerResponse) => void)[]): Handler {
  return (_request, res, index) => replies[Math.min(index, replies.length - 1)]!(res);
}
