import type { IncomingMessage, ServerResponse } from "node:http";
export declare function secureHeaders(options: { dev: boolean; imageOrigins: readonly string[] }): (req: IncomingMessage, res: ServerResponse) => void;
