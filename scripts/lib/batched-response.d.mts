import { ServerResponse, type IncomingMessage } from "node:http";
export class BatchedResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {}
