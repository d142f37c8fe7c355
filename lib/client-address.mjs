// Plain JavaScript (with client-address.d.mts for TypeScript): the custom server (server/index.mjs) runs under plain
// node, before and outside the Next.js build, and the app and its tests use the same rules.
import { BlockList, isIP } from "node:net";

/**
 * The private request header carrying the client's address, as the server computed it from the socket and
 * TRUSTED_PROXIES. The server always overwrites it, so a client cannot set it; the app reads only this header.
 */
export const CLIENT_ADDRESS_HEADER = "x-backoffice-client-address";

/** An IP address without an IPv4-mapped IPv6 prefix, brackets or port, or null when it is not one. */
export function normalizeAddress(raw) {
  if (typeof raw !== "string") return null;
  let address = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(address);
  if (mapped) address = mapped[1];
  return isIP(address) ? address.toLowerCase() : null;
}

/**
 * TRUSTED_PROXIES: addresses or CIDR ranges, separated by commas or spaces ("10.0.0.0/8, 127.0.0.1, ::1").
 * Returns the list to match against, or the first entry that is neither.
 */
export function parseTrustedProxies(text) {
  const list = new BlockList();
  const entries = (text ?? "").split(/[\s,]+/).filter(Boolean);
  for (const entry of entries) {
    const [base, prefix, extra] = entry.split("/");
    const address = normalizeAddress(base);
    const family = address ? (isIP(address) === 4 ? "ipv4" : "ipv6") : null;
    const bits = prefix === undefined ? null : /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
    if (!address || extra !== undefined || Number.isNaN(bits) || (bits !== null && bits > (family === "ipv4" ? 32 : 128))) {
      return { ok: false, error: `"${entry}" is not an IP address or CIDR range` };
    }
    if (bits === null) list.addAddress(address, family);
    else list.addSubnet(address, bits, family);
  }
  return { ok: true, trusted: (address) => list.check(address, isIP(address) === 4 ? "ipv4" : "ipv6"), size: entries.length };
}

/**
 * The client's address: the socket's peer, unless that peer is a trusted proxy, in which case X-Forwarded-For is
 * walked from the right (each proxy appends the address it received from) while the hop is itself trusted. A hop
 * that is not an address stops the walk at the proxy that sent it. With no trusted proxies, X-Forwarded-For is
 * ignored: anyone can send one.
 */
export function clientAddress(socketAddress, forwardedFor, trusted) {
  let address = normalizeAddress(socketAddress);
  if (!address) return null;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "");
  const hops = header.split(",").map((hop) => hop.trim()).filter(Boolean);
  // The peer is checked only when a header names a hop to walk to: most requests carry none, and each check builds a
  // SocketAddress (about 0.05 ms of the server's CPU per request, bench:pages).
  while (hops.length > 0 && trusted(address)) {
    const next = normalizeAddress(hops.pop());
    if (!next) break;
    address = next;
  }
  return address;
}
