import http from "node:http";
import { PEER_HEADER } from "./request.server";

/**
 * @remix-run/serve hands Remix a Request built from the HTTP headers alone, so the
 * socket's address (needed for per-IP rate limits) would be lost. Before any
 * listener sees a request, copy the socket address into a header of our own,
 * replacing whatever a client may have sent under that name.
 * See docs/decisions/0003-client-address.md.
 */
const marker = Symbol.for("bandroom.peerAddressPatched");
const proto = http.Server.prototype as http.Server & { [marker]?: boolean };

if (!proto[marker]) {
  proto[marker] = true;
  const emit = proto.emit;
  proto.emit = function patchedEmit(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const req = args[0] as http.IncomingMessage;
      req.headers[PEER_HEADER] = req.socket.remoteAddress ?? "unknown";
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof proto.emit;
}
