import { redirectWithToast } from "./toast.server";

/** The status of what a loader or action threw: a Response, or Remix's `data(…, { status })`. */
export function thrownStatus(thrown: unknown) {
  return thrown instanceof Response ? thrown.status : (thrown as { init?: { status?: number } | null } | null)?.init?.status;
}

/**
 * A page form for a row that is gone while the page was open (deleted in another tab or
 * by someone else, or no longer the person's to see: the same words, which tell nothing of
 * another band's rows): back to `to` with a toast saying so, instead of a bare "Page Not
 * Found" that leaves the person wondering whether their change was saved. /api keeps its 404.
 */
export async function unlessGone<T>(work: () => Promise<T>, to: string, what: string): Promise<T> {
  try {
    return await work();
  } catch (thrown) {
    if (thrownStatus(thrown) !== 404) throw thrown;
    throw await redirectWithToast(to, { title: "Nothing was changed", description: `${what} no longer exists: someone may have deleted it.`, type: "destructive" });
  }
}
