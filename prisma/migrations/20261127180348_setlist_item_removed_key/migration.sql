-- AlterTable
ALTER TABLE "SetlistItem" ADD COLUMN "removedKey" TEXT;
