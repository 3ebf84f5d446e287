-- AlterTable
ALTER TABLE "SetlistItem" ADD COLUMN "removedArtist" TEXT;
ALTER TABLE "SetlistItem" ADD COLUMN "removedSeconds" INTEGER;
ALTER TABLE "SetlistItem" ADD COLUMN "removedTitle" TEXT;
