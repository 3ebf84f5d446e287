/** Messages the settings page shows itself; no zod here, so the browser bundle can import them. */
export const CURRENCY_LOCKED = "Currency can't change once money is recorded";

/** A save that tried to change a locked currency (money was recorded while the form was open, or the post was not the form's). */
export const currencyLockedMessage = (currency: string) => `Nothing was saved: ${CURRENCY_LOCKED.toLowerCase()}, and this band has money recorded in ${currency}. Save again to keep your other changes.`;
export const SETTINGS_STALE = "Someone else changed the band's settings while you were editing. Here they are as saved now; make your change again.";
