import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

const EnvSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("development"),
  DATABASE_URL: z.string().default("file:./data/bandroom.db"),
  SESSION_SECRET: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Bandroom <hello@bandroom.app>"),
  MAIL_OUTBOX_DIR: z.string().default("./data/outbox"),
  APP_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) origin, for example https://bandroom.example.com" })
    .optional(),
  PORT: z.string().regex(/^\d+$/, "must be a port number").optional(),
  // "true" (one proxy), "false", or how many proxies in front of the app append to X-Forwarded-For.
  TRUST_PROXY: z.string().regex(/^(true|false|\d+)$/i, 'must be "true", "false" or a number of proxy hops').default("false"),
  TRUST_PROXY_HOPS: z.string().regex(/^\d+$/, "must be a number of proxy hops").optional(),
});

function emptyToUndefined(source: NodeJS.ProcessEnv) {
  return Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
}

function parseEnv() {
  const result = EnvSchema.safeParse(emptyToUndefined(process.env));
  if (!result.success) {
    console.error("Invalid environment variables:", z.flattenError(result.error).fieldErrors);
    throw new Error("Invalid environment variables");
  }
  return result.data;
}

const parsed = parseEnv();

/**
 * How many proxies we trust in front of the app: each appends the address it received
 * the request from to X-Forwarded-For. 0 means no proxy: the socket address is the client.
 */
function trustedProxyHops() {
  if (parsed.TRUST_PROXY_HOPS !== undefined) return Number(parsed.TRUST_PROXY_HOPS);
  const value = parsed.TRUST_PROXY.toLowerCase();
  if (value === "true") return 1;
  if (value === "false") return 0;
  return Number(value);
}
const proxyHops = trustedProxyHops();

/**
 * The origin every absolute link (mail, feeds, sitemap) is built from: never the
 * request's Host. Without APP_URL, the local server's own address.
 */
function resolveAppOrigin() {
  if (parsed.APP_URL) return new URL(parsed.APP_URL).origin;
  if (parsed.NODE_ENV === "production" && proxyHops > 0) {
    const message =
      "APP_URL is not set. Behind a proxy (TRUST_PROXY) Bandroom needs to know its public address to build the links it mails: " +
      "set APP_URL, for example APP_URL=https://bandroom.example.com";
    console.error(`\n${message}\n`);
    // A clear refusal, not a stack trace from deep inside remix-serve.
    process.exit(1);
  }
  return `http://localhost:${parsed.PORT ?? "3000"}`;
}

/**
 * A newcomer's `npm start` must work with no configuration, so a missing secret is
 * generated once and kept under data/. Deployments set SESSION_SECRET themselves.
 */
function resolveSessionSecrets(): string[] {
  if (parsed.SESSION_SECRET) return parsed.SESSION_SECRET.split(",").map((s) => s.trim()).filter(Boolean);
  const file = path.resolve("data/session-secret");
  if (fs.existsSync(file)) return [fs.readFileSync(file, "utf8").trim()];
  const secret = crypto.randomBytes(32).toString("base64url");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  console.warn(`SESSION_SECRET is not set: generated one and saved it to ${file}. Set your own in production.`);
  return [secret];
}

export const env = {
  ...parsed,
  isProduction: parsed.NODE_ENV === "production",
  trustProxy: proxyHops > 0,
  trustProxyHops: proxyHops,
  appOrigin: resolveAppOrigin(),
  sessionSecrets: resolveSessionSecrets(),
};
