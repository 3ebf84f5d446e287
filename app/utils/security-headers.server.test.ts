import { afterEach, expect, test, vi } from "vitest";
import { securityHeaders } from "./security-headers.server";

afterEach(() => vi.unstubAllEnvs());

const formAction = () => /form-action ([^;]+)/.exec(securityHeaders(null, false)["Content-Security-Policy"]!)![1];

test("forms lead only to our own pages, plus Stripe's hosted pages when Stripe billing is on", () => {
  vi.stubEnv("STRIPE_SECRET_KEY", "");
  expect(formAction()).toBe("'self'");
  vi.stubEnv("STRIPE_SECRET_KEY", "sk_test_x");
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", "whsec_x");
  expect(formAction()).toBe("'self' https://checkout.stripe.com https://billing.stripe.com");
  vi.stubEnv("STRIPE_API_BASE", "http://127.0.0.1:4242");
  expect(formAction()).toBe("'self' https://checkout.stripe.com https://billing.stripe.com http://127.0.0.1:4242");
});
