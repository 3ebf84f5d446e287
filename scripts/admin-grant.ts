/**
 * `npm run admin:grant -- someone@example.com`: makes an existing account a platform
 * admin (audited as this script). For the first admin of an install, or after losing the
 * last one. The account must exist: sign up first. The new admin turns on two-step
 * sign-in from /profile before /admin opens.
 */
import { deploy } from "./db.ts";

const email = process.argv.slice(2).find((arg) => arg !== "--")?.trim() ?? "";
if (!email) {
  console.error("Give the account's email address: npm run admin:grant -- someone@example.com");
  process.exit(1);
}

await deploy();
const { parseAdminEmails, grantAdminByEmail } = await import("~/features/admin/bootstrap.server");
const { valid } = parseAdminEmails(email);
if (valid.length !== 1 || email.includes(",")) {
  console.error(`"${email}" is not an email address. Usage: npm run admin:grant -- someone@example.com`);
  process.exit(1);
}
const result = await grantAdminByEmail(valid[0]!, "npm run admin:grant");
if (result === "unknown") {
  console.error(`No account uses ${valid[0]}. Sign up with that address first (or check the spelling), then run this again.`);
  process.exit(1);
}
console.log(
  result === "granted"
    ? `${valid[0]} is now a platform admin. They turn on two-step sign-in from /profile, then /admin opens.`
    : `${valid[0]} is already a platform admin: nothing changed.`,
);
