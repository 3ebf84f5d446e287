-- AlterTable
ALTER TABLE "User" ADD COLUMN "disabledAt" DATETIME;
ALTER TABLE "User" ADD COLUMN "lastActiveAt" DATETIME;

-- CreateIndex
CREATE INDEX "User_createdAt_idx" ON "User"("createdAt");

-- CreateIndex
CREATE INDEX "User_lastActiveAt_idx" ON "User"("lastActiveAt");

-- Backfill: the last use of any live session is the best "last active" we have.
UPDATE "User" SET "lastActiveAt" = (SELECT MAX("lastSeenAt") FROM "Session" WHERE "Session"."userId" = "User"."id");
