import { afterEach, describe, expect, test, vi } from "vitest";
import { apiBaseOptions, billingMode, stripeClient } from "./stripe.server";

afterEach(() => vi.unstubAllEnvs());

describe("billing mode", () => {
  test("manual without keys, and with only one of the two", () => {
    vi.stubEnv("STRIPE_SECRET_KEY", "");
    vi.stubEnv("STRIPE_WEBHOOK_SECRET", "");
    expect(billingMode()).toBe("manual");
    vi.stubEnv("STRIPE_SECRET_KEY", "sk_test_123");
    expect(billingMode()).toBe("manual");
    vi.stubEnv("STRIPE_SECRET_KEY", "");
    vi.stubEnv("STRIPE_WEBHOOK_SECRET", "whsec_123");
    expect(billingMode()).toBe("manual");
  });

  test("stripe with both keys", () => {
    vi.stubEnv("STRIPE_SECRET_KEY", "sk_test_123");
    vi.stubEnv("STRIPE_WEBHOOK_SECRET", "whsec_123");
    expect(billingMode()).toBe("stripe");
  });

  test("manual mode never builds a Stripe client", () => {
    vi.stubEnv("STRIPE_SECRET_KEY", "");
    expect(() => stripeClient()).toThrow("Billing is manual on this Bandroom");
  });
});

describe("STRIPE_API_BASE", () => {
  test("points the client at a stand-in's host, port and protocol", () => {
    expect(apiBaseOptions("http://127.0.0.1:12111")).toEqual({ host: "127.0.0.1", port: "12111", protocol: "http" });
    expect(apiBaseOptions("https://stripe.internal")).toEqual({ host: "stripe.internal", port: 443, protocol: "https" });
    expect(apiBaseOptions(null)).toEqual({});
  });
});
