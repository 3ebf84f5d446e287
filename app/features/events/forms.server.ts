/**
 * conform's zod adapter for the event routes' actions, from a server-only module: the
 * classic compiler keeps a package's top-level imports in a route's browser chunk even
 * when only the action uses them, and this one brings all of zod (about 100 KB gzip).
 * The event forms validate on the server only.
 */
export { parseWithZod } from "~/utils/submission";
