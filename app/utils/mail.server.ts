import fs from "node:fs/promises";
import path from "node:path";
import { env } from "./env.server";

/** `headers`: extra headers such as List-Unsubscribe (RFC 8058), sent over SMTP and kept in the outbox file. */
export type Mail = { to: string; subject: string; text: string; html?: string; link?: string; headers?: Record<string, string> };

type Transport = { sendMail(message: Record<string, unknown>): Promise<unknown> };
let transport: Promise<Transport> | undefined;

async function smtpTransport(url: string) {
  const nodemailer = await import("nodemailer");
  return nodemailer.createTransport(url, { connectionTimeout: 10_000, socketTimeout: 15_000 }) as Transport;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message becomes a JSON file in the outbox
 * folder and its link is logged, so every flow can be finished locally (and in tests).
 */
export async function sendMail(mail: Mail) {
  if (env.SMTP_URL) {
    transport ??= smtpTransport(env.SMTP_URL);
    await (await transport).sendMail({ from: env.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
    return;
  }
  const dir = path.resolve(env.MAIL_OUTBOX_DIR);
  await fs.mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join(dir, `${stamp}-${Math.random().toString(36).slice(2, 8)}.json`);
  await fs.writeFile(file, JSON.stringify({ from: env.MAIL_FROM, sentAt: new Date().toISOString(), ...mail }, null, 2));
  if (env.NODE_ENV !== "test") {
    console.log(`[mail] "${mail.subject}" to ${mail.to} written to ${path.relative(process.cwd(), file)}${mail.link ? `\n[mail] link: ${mail.link}` : ""}`);
  }
}
