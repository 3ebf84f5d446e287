import { z } from "zod";
import { LANDING_SECTIONS } from "./events";

/** A pathname of ours: no scheme or host, no query or fragment (they can carry tokens), no control or invisible formatting characters. */
const PathSchema = z
  .string({ error: "Path is required" })
  .max(300, { error: "Path is too long" })
  .regex(/^\/(?!\/)[^\s?#\\\p{Cc}\p{Cf}]*$/u, { error: "Path must be a pathname starting with /" });

/** Random per page load (public/js/public.js), never stored in the browser: it ties a page view's sections together and nothing else. */
const ViewIdSchema = z.string({ error: "View id is required" }).regex(/^[a-z0-9]{8,32}$/, { error: "View id must be 8 to 32 lowercase letters or digits" });

/**
 * What a browser may report to POST /api/analytics. Everything else is counted on the
 * server where it happens; only what the server cannot see arrives here: a landing
 * section scrolled into view, and a page reached by client-side navigation.
 */
export const CollectSchema = z.discriminatedUnion(
  "name",
  [
    z.strictObject({
      name: z.literal("section_view"),
      section: z.enum(LANDING_SECTIONS, { error: "Unknown section" }),
      path: z.literal("/", { error: "Sections are counted on the landing page only" }),
      view: ViewIdSchema,
    }),
    z.strictObject({
      name: z.literal("page_view"),
      path: PathSchema,
    }),
  ],
  { error: "Unknown event" },
);

export type CollectInput = z.infer<typeof CollectSchema>;
