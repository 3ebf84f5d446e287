-- AlterTable
ALTER TABLE "BandSubscription" ADD COLUMN "checkoutExpiresAt" DATETIME;
ALTER TABLE "BandSubscription" ADD COLUMN "checkoutSessionId" TEXT;
ALTER TABLE "BandSubscription" ADD COLUMN "checkoutUrl" TEXT;
