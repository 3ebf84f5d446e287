-- AlterTable
ALTER TABLE "BandMembership" ADD COLUMN "initials" TEXT;
ALTER TABLE "BandMembership" ADD COLUMN "joinRank" INTEGER;
ALTER TABLE "BandMembership" ADD COLUMN "listRank" INTEGER;

-- CreateIndex
CREATE INDEX "BandMembership_bandId_listRank_idx" ON "BandMembership"("bandId", "listRank");

-- No backfill here: the order is Intl.Collator's and the initials need every bandmate's
-- name, which SQL cannot compute portably. Rows start NULL; /members sorts such a band in
-- memory (as before this migration) until the next membership write in that band calls
-- refreshMemberOrder (app/features/members/member-order.server.ts), which fills them all.
