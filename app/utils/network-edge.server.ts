import http from "node:http";
import net from "node:net";
import { env } from "./env.server";
import { PEER_HEADER } from "./request.server";

/**
 * @remix-run/serve hands Remix a Request built from the HTTP headers alone, so the
 * socket's address (needed for per-IP rate limits) would be lost, and Remix v2 has no
 * middleware. `installNetworkEdge()` wraps `http.Server.prototype.emit` so that, before
 * any listener (express, its static files, Remix) sees a request, the client address
 * is written into a header of our own, replacing whatever a client sent under that name.
 * entry.server.tsx calls it: an import kept only for its side effect is dropped by the
 * build (package.json says "sideEffects": false). See docs/decisions/0003-client-address.md.
 */

/** `::ffff:127.0.0.1` and `127.0.0.1` are one client. */
function normalizeAddress(address: string) {
  const trimmed = address.trim();
  return trimmed.toLowerCase().startsWith("::ffff:") && net.isIPv4(trimmed.slice(7)) ? trimmed.slice(7) : trimmed;
}

/**
 * The client's address: the socket's, or with `hops` trusted proxies in front of us the
 * address the outermost of them saw, i.e. the `hops`-th X-Forwarded-For entry counted
 * from the right (each proxy appends the address it received the request from; anything
 * further left was written by the client and proves nothing). Fewer entries than hops:
 * the left-most one, which a trusted proxy still wrote.
 */
export function clientAddressFrom(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, hops: number) {
  const peer = socketAddress ? normalizeAddress(socketAddress) : "unknown";
  if (hops <= 0 || !forwardedFor) return peer;
  const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
    .split(",")
    .map(normalizeAddress)
    .filter(Boolean);
  if (!entries.length) return peer;
  const chosen = entries[Math.max(0, entries.length - hops)]!;
  return net.isIP(chosen) ? chosen : peer;
}

const marker = Symbol.for("bandroom.networkEdgeInstalled");
const proto = http.Server.prototype as http.Server & { [marker]?: boolean };

/** Idempotent; runs when the server build is imported, before remix-serve listens. */
export function installNetworkEdge() {
  if (proto[marker]) return;
  proto[marker] = true;
  const emit = proto.emit;
  proto.emit = function patchedEmit(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const req = args[0] as http.IncomingMessage;
      req.headers[PEER_HEADER] = clientAddressFrom(req.socket.remoteAddress, req.headers["x-forwarded-for"], env.trustProxyHops);
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof proto.emit;
}
