/** Messages the settings page shows itself; no zod here, so the browser bundle can import them. */
export const CURRENCY_LOCKED = "Currency can't change once money is recorded";
export const SETTINGS_STALE = "Someone else changed the band's settings while you were editing. Here they are as saved now; make your change again.";
