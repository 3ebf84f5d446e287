/**
 * `npm run reminders`: one pass of the reminder scheduler by hand (the server runs the
 * same pass every few minutes). Safe alongside a running server: each reminder is
 * claimed in the database before it is sent, so nothing goes out twice. The database
 * is migrated only when it does not exist yet: a running server owns its migrations,
 * and the schema engine cannot open a file another process is writing.
 */
import fs from "node:fs";
import { databaseFile, deploy } from "./db.ts";

if (!fs.existsSync(databaseFile())) await deploy();
if (!process.env.APP_URL && !process.env.PORT) {
  console.warn("APP_URL (or PORT) is not set: the links in these mails point to http://localhost:3000. Set APP_URL to the address people open Bandroom at.");
}
const { runReminderPass } = await import("~/features/reminders/reminders.server");
const { sent, due, before } = await runReminderPass();
// A reminder this pass found due and did not send was claimed by another pass running at the same time (it sends it), or failed (logged above).
const others = due - sent ? `; ${due - sent} not sent by this pass: another pass claimed them at the same moment, or sending failed (see above)` : "";
console.log(`Reminders: ${sent} of ${due} due sent${others}${before ? `; ${before} sent by an earlier pass` : ""}.`);
process.exit(0);
