import { partnerConfig, USER_AGENT } from "./config.server";

/** Why a partner gave us nothing usable. */
export type PartnerFailure = "unreachable" | "timeout" | "busy" | "garbage" | "error";

export class PartnerError extends Error {
  constructor(
    readonly kind: PartnerFailure,
    readonly status?: number,
  ) {
    super(`partner ${kind}${status ? ` (HTTP ${status})` : ""}`);
  }
}

/**
 * GET a partner's JSON with our User-Agent and the timeout. 429 and 503 (how MusicBrainz
 * says "slow down") are `busy`; another non-2xx is `error`; a body that is not JSON is
 * `garbage`; no connection is `unreachable`.
 */
export async function getJson(url: string): Promise<unknown> {
  const { timeoutMs } = partnerConfig();
  let response: Response;
  try {
    response = await fetch(url, { headers: { "User-Agent": USER_AGENT, Accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    throw new PartnerError(name === "TimeoutError" || name === "AbortError" ? "timeout" : "unreachable");
  }
  if (response.status === 429 || response.status === 503) {
    discard(response);
    throw new PartnerError("busy", response.status);
  }
  if (!response.ok) {
    discard(response);
    throw new PartnerError("error", response.status);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    throw new PartnerError(name === "TimeoutError" || name === "AbortError" ? "timeout" : "unreachable");
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new PartnerError("garbage");
  }
}

/** Lets go of a body we will not read, without waiting on it. */
function discard(response: Response) {
  response.body?.cancel().catch(() => {});
}
