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
  APP_URL: z.string().optional(),
  TRUST_PROXY: z.enum(["true", "false", ""]).default("false"),
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
  trustProxy: parsed.TRUST_PROXY === "true",
  sessionSecrets: resolveSessionSecrets(),
};
