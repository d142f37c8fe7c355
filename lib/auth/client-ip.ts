import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address.mjs";

/**
 * The client's address as the server computed it (scripts/server.mjs: the socket, or X-Forwarded-For only through
 * TRUSTED_PROXIES). Never X-Forwarded-For itself: a client can send any value there. Null when the app runs
 * without that server (nothing then tells one client from another).
 */
export function clientIp(headers: Headers): string | null {
  return headers.get(CLIENT_ADDRESS_HEADER) || null;
}
