import { z } from "zod";

export const BAND_NAME_MAX = 50;

// Messages from the product spec (section 5).
export const BandNameSchema = z
  .string({ error: "Band name is required" })
  .trim()
  // Counted as it reads: an "é" sent as "e" and an accent mark is one character, not two.
  .normalize("NFC")
  .min(1, { error: "Band name is required", abort: true })
  .max(BAND_NAME_MAX, { error: "Band name is too long", abort: true })
  // A NUL or other control character could not be typed again to confirm deleting the band.
  .refine((name) => !/\p{Cc}/u.test(name), { error: "Band name can only hold characters you can type", abort: true })
  .refine((name) => /[^\p{Cf}\s]/u.test(name), { error: "Band name is required" });

export const CreateBandSchema = z.strictObject({ name: BandNameSchema });

export const PreferredBandSchema = z.strictObject({
  bandId: z.coerce.number({ error: "Choose a band" }).int({ error: "Choose a band" }).positive({ error: "Choose a band" }),
});

/** PATCH /api/user/preferred-band: a band id, or null to clear the preference (JSON, so no coercion). */
export const PreferredBandUpdateSchema = z.strictObject({
  bandId: z.number({ error: "Choose a band" }).int({ error: "Choose a band" }).positive({ error: "Choose a band" }).nullable(),
});
