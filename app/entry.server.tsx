import crypto from "node:crypto";
import { PassThrough } from "node:stream";
import type { ActionFunctionArgs, EntryContext, HandleDataRequestFunction, LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { installNetworkEdge } from "~/utils/network-edge.server";
import { NonceProvider } from "~/utils/nonce-provider";
import { securityHeaders } from "~/utils/security-headers.server";
import { isSecureRequest } from "~/utils/request.server";
import { startBackgroundTasks } from "~/features/admin/housekeeping.server";
import { startReminderScheduler } from "~/features/reminders/scheduler.server";
import { recordPageView, viewerFromRootData } from "~/features/analytics/analytics.server";

const ABORT_DELAY = 5_000;

installNetworkEdge();
startBackgroundTasks();
startReminderScheduler();

function applySecurityHeaders(headers: Headers, request: Request, nonce: string | null) {
  for (const [name, value] of Object.entries(securityHeaders(nonce, isSecureRequest(request)))) {
    if (!headers.has(name)) headers.set(name, value);
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const nonce = crypto.randomBytes(16).toString("base64");
  applySecurityHeaders(responseHeaders, request, nonce);
  // Counted here, where only rendered pages arrive: redirects and data requests never do.
  void recordPageView(request, responseStatusCode, viewerFromRootData(remixContext.staticHandlerContext.loaderData.root));
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  applySecurityHeaders(response.headers, request, null);
  return response;
};

export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  // Error responses (a URL no route matches, thrown 4xx) are answers, not failures.
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  console.error(error);
}
