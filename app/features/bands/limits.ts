/** Messages the settings page shows itself; no zod here, so the browser bundle can import them. */
export const CURRENCY_LOCKED = "Currency can't change once money is recorded";
