-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Band" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "subscriptionTier" TEXT NOT NULL DEFAULT 'free',
    "timeZone" TEXT NOT NULL DEFAULT 'UTC',
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "longestEventMinutes" INTEGER NOT NULL DEFAULT 2880,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_Band" ("createdAt", "currency", "id", "name", "subscriptionTier", "timeZone", "updatedAt") SELECT "createdAt", "currency", "id", "name", "subscriptionTier", "timeZone", "updatedAt" FROM "Band";
DROP TABLE "Band";
ALTER TABLE "new_Band" RENAME TO "Band";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- Each band's longest event so far (times are ISO 8601 text), at least the default.
UPDATE "Band" SET "longestEventMinutes" = MAX(2880, COALESCE((
    SELECT CAST(MAX(julianday("Event"."endsAt") - julianday("Event"."startsAt")) * 1440 AS INTEGER) + 1
    FROM "Event" WHERE "Event"."bandId" = "Band"."id" AND "Event"."endsAt" IS NOT NULL
), 0));
