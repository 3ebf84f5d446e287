-- AlterTable
ALTER TABLE "Invitation" ADD COLUMN "replacedTokenHash" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Invitation_replacedTokenHash_key" ON "Invitation"("replacedTokenHash");
