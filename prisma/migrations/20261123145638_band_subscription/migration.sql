-- CreateTable
CREATE TABLE "BandSubscription" (
    "bandId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "stripeCustomerId" TEXT,
    "stripeSubscriptionId" TEXT,
    "status" TEXT,
    "currentPeriodEnd" DATETIME,
    "cancelAtPeriodEnd" BOOLEAN NOT NULL DEFAULT false,
    "cardBrand" TEXT,
    "cardLast4" TEXT,
    "lastEventAt" DATETIME,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "BandSubscription_bandId_fkey" FOREIGN KEY ("bandId") REFERENCES "Band" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "StripeEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "type" TEXT NOT NULL,
    "bandId" INTEGER,
    "processedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE UNIQUE INDEX "BandSubscription_stripeCustomerId_key" ON "BandSubscription"("stripeCustomerId");

-- CreateIndex
CREATE UNIQUE INDEX "BandSubscription_stripeSubscriptionId_key" ON "BandSubscription"("stripeSubscriptionId");
