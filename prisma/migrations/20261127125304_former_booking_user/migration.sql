-- AlterTable
ALTER TABLE "FormerBooking" ADD COLUMN "userId" TEXT;

-- CreateIndex
CREATE INDEX "FormerBooking_userId_idx" ON "FormerBooking"("userId");
