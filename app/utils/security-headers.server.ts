import { env } from "./env.server";

/**
 * Where a form may lead besides our own pages: with Stripe billing on, the upgrade and
 * "Manage billing" forms answer 303 to Stripe's hosted Checkout and portal, and
 * Chromium applies form-action to a form's redirects too. STRIPE_API_BASE (a local
 * stand-in in tests) hosts those pages itself.
 */
function formTargets() {
  if (!process.env.STRIPE_SECRET_KEY || !process.env.STRIPE_WEBHOOK_SECRET) return "'self'";
  const targets = ["'self'", "https://checkout.stripe.com", "https://billing.stripe.com"];
  if (process.env.STRIPE_API_BASE) {
    try {
      targets.push(new URL(process.env.STRIPE_API_BASE).origin);
    } catch {
      // Not a URL: the Stripe client refuses it too.
    }
  }
  return targets.join(" ");
}

/** Headers every response carries; the CSP allows only our own scripts plus this request's nonce. */
export function securityHeaders(nonce: string | null, secure: boolean) {
  const dev = env.NODE_ENV === "development";
  const scriptSrc = ["'self'", nonce ? `'nonce-${nonce}'` : null, dev ? "'unsafe-eval'" : null].filter(Boolean).join(" ");
  const csp = [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws://localhost:* ws://127.0.0.1:*" : ""}`,
    "frame-ancestors 'none'",
    `form-action ${formTargets()}`,
    "base-uri 'self'",
    "object-src 'none'",
    "worker-src 'self'",
    "manifest-src 'self'",
  ].join("; ");
  const headers: Record<string, string> = {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  };
  if (env.isProduction && secure) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}
