-- AlterTable
ALTER TABLE "BandMembership" ADD COLUMN "nameRank" INTEGER;
