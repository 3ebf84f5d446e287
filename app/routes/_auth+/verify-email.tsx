import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { verifyEmail } from "~/features/auth/auth.server";

/**
 * GET /verify-email?token=… — the link in the verification mail.
 *
 * This GET changes data (it marks the address verified and uses up the token), which
 * the house rules otherwise forbid: a link in an email can only ever be a GET. It is
 * safe to repeat or to be fetched by a mail scanner: the token is random, stored only
 * as a hash, single-use and short-lived, and the only thing it can do is confirm the
 * address it was sent to. A used or unknown token lands on the invalid-token notice.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  let outcome: Awaited<ReturnType<typeof verifyEmail>>;
  try {
    outcome = await verifyEmail(token);
  } catch (error) {
    console.error("Email verification failed", error);
    throw redirect("/login?error=verification-failed");
  }
  throw redirect(outcome === "verified" ? "/login?verified=true" : "/login?error=invalid-token");
}
