import { z } from "zod";
import { BandNameSchema } from "./schema";
import { currentZoneName } from "./time-zone-names";

export { CURRENCY_LOCKED } from "./limits";
import { CURRENCY_LOCKED } from "./limits";
export const CONFIRM_BAND_NAME = "Type the band name exactly to confirm";
export const CHOOSE_TIME_ZONE = "Choose a time zone from the list";
export const CHOOSE_CURRENCY = "Choose a currency from the list";

/**
 * What the settings form may choose from. The server builds the lists from its own
 * Intl data and sends them to the page, so the browser validates against exactly the
 * options it was given (its own Intl lists may differ).
 */
export type BandSettingsRules = {
  timeZones: readonly string[];
  currencies: readonly string[];
  /** The band's currency now; with money recorded it is the only one allowed. */
  currentCurrency: string;
  moneyRecorded: boolean;
};

export function bandSettingsSchema({ timeZones, currencies, currentCurrency, moneyRecorded }: BandSettingsRules) {
  return z.object({
    name: BandNameSchema,
    // An old name of a renamed zone (Asia/Calcutta) is taken, and saved as the current one.
    timeZone: z
      .string({ error: CHOOSE_TIME_ZONE })
      .transform(currentZoneName)
      .refine((value) => timeZones.includes(value), { error: CHOOSE_TIME_ZONE }),
    currency: z
      .string({ error: CHOOSE_CURRENCY })
      .refine((value) => currencies.includes(value), { error: CHOOSE_CURRENCY, abort: true })
      // Amounts are stored in minor units of the band's currency: switching it would
      // silently turn $12.50 into ¥1,250. Once money is recorded the currency stays.
      .refine((value) => !moneyRecorded || value === currentCurrency, { error: CURRENCY_LOCKED }),
    /**
     * The settings' version the form was made from: a save after someone else's is refused.
     * Absent (a form made by hand) skips the check; anything but a whole number is 0, a
     * version nothing has, so a tampered form is refused as stale rather than let through.
     */
    settingsVersion: z
      .string()
      .transform((value) => (value.trim() === "" ? undefined : /^\d{1,9}$/.test(value.trim()) ? Number(value) : 0))
      .optional(),
  });
}

export type BandSettingsInput = z.output<ReturnType<typeof bandSettingsSchema>>;

/** Deleting a band: its exact name, typed by hand, is the confirmation (spaces in a row count as one, as the page shows them). */
export function deleteBandSchema(bandName: string) {
  const asShown = (name: string) => name.trim().replace(/\s+/g, " ");
  return z.object({
    confirmName: z.string({ error: CONFIRM_BAND_NAME }).refine((value) => asShown(value) === asShown(bandName), { error: CONFIRM_BAND_NAME }),
  });
}
