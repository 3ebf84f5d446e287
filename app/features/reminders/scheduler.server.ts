import { runReminderPass } from "./reminders.server";

/** How often the server looks for due reminders. Every process may run it: claims keep each mail single. */
export const REMINDER_INTERVAL_MS = 5 * 60_000;

let started = false;
let running = false;

/**
 * Starts the reminder scheduler inside this server process (called once from
 * entry.server.tsx): a first pass shortly after start, then one every five minutes.
 * Nothing is held in memory between passes, so a restart loses nothing, and two
 * processes on one database send each reminder once (see reminders.server.ts).
 */
export function startReminderScheduler() {
  if (started || process.env.NODE_ENV === "test" || process.env.REMINDERS === "off") return;
  started = true;
  const pass = async () => {
    if (running) return;
    running = true;
    try {
      const { sent } = await runReminderPass();
      if (sent) console.log(`[reminders] sent ${sent}`);
    } catch (error) {
      console.error("[reminders] pass failed", error);
    } finally {
      running = false;
    }
  };
  setTimeout(pass, 10_000).unref();
  setInterval(pass, REMINDER_INTERVAL_MS).unref();
}
