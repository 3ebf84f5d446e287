/**
 * Another app process on the test's database file (tests/integration/shared-rate-limits.test.ts):
 * either types wrong two-step codes for USER_ID, or counts HITS attempts against one shared
 * counter as fast as it can. Prints what it saw as JSON.
 */
import { verifySecondFactor } from "~/features/auth/mfa.server";
import { db } from "~/utils/db.server";
import { hitShared } from "~/utils/shared-rate-limit.server";

const hits = Number(process.env.HITS ?? 0);
const wrongCodes = Number(process.env.WRONG_CODES ?? 0);
const results: unknown[] = [];
for (let i = 0; i < wrongCodes; i++) results.push(await verifySecondFactor(process.env.USER_ID!, "000000"));
for (let i = 0; i < hits; i++) results.push((await hitShared({ name: "shared-test", limit: 1000, windowMs: 60_000 }, "one-key")).remaining);
console.log(JSON.stringify(results));
await db.$disconnect();
