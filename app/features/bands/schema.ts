import { z } from "zod";
import { hasUntypeable, isInvisible, untypeableMessage } from "~/utils/typed-text";

export const BAND_NAME_MAX = 50;

// Messages from the product spec (section 5).
export const BandNameSchema = z
  .string({ error: "Band name is required" })
  .trim()
  // A line break inside a name is refused, as in every other name (no form can type one):
  // it is not one of the spaces below.
  .refine((name) => !/[\n\r\u2028\u2029]/.test(name), { error: untypeableMessage("Band name"), abort: true })
  // Spaces in a row read as one on every page, so they are saved as one: the name typed
  // to confirm deleting the band is the name as shown.
  .overwrite((name) => name.replace(/\s+/g, " "))
  // Counted as it reads: an "é" sent as "e" and an accent mark is one character, not two.
  .normalize("NFC")
  .min(1, { error: "Band name is required", abort: true })
  .max(BAND_NAME_MAX, { error: "Band name is too long", abort: true })
  // A NUL or other control character could not be typed again to confirm deleting the band.
  .refine((name) => !hasUntypeable(name), { error: untypeableMessage("Band name"), abort: true })
  .refine((name) => !isInvisible(name), { error: "Band name is required" });

/**
 * A new band: its name (the spec's payload) and, optionally, the time zone to start in. The
 * create form sends the browser's own with JavaScript; an unknown one, or none, is UTC
 * (createBand), which Settings changes.
 */
export const CreateBandSchema = z.strictObject({ name: BandNameSchema, timeZone: z.string({ error: "A time zone is a name, like Europe/Berlin" }).max(64, "A time zone is a name, like Europe/Berlin").optional() });

export const PreferredBandSchema = z.strictObject({
  bandId: z.coerce.number({ error: "Choose a band" }).int({ error: "Choose a band" }).positive({ error: "Choose a band" }),
});

/** PATCH /api/user/preferred-band: a band id, or null to clear the preference (JSON, so no coercion). */
export const PreferredBandUpdateSchema = z.strictObject({
  bandId: z.number({ error: "Choose a band" }).int({ error: "Choose a band" }).positive({ error: "Choose a band" }).nullable(),
});
