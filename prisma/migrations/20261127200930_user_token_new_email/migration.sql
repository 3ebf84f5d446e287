-- AlterTable
ALTER TABLE "UserToken" ADD COLUMN "newEmail" TEXT;
