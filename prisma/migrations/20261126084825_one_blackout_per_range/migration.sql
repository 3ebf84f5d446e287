-- The same days marked twice by one person were two rows; keep the first of each.
DELETE FROM "Blackout" WHERE "id" NOT IN (SELECT MIN("id") FROM "Blackout" GROUP BY "userId", "startDate", "endDate");

-- CreateIndex
CREATE UNIQUE INDEX "Blackout_userId_startDate_endDate_key" ON "Blackout"("userId", "startDate", "endDate");
