-- CreateTable
CREATE TABLE "LedgerEntry" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "bandId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "occurredOn" TEXT NOT NULL,
    "amountMinor" INTEGER NOT NULL,
    "description" TEXT NOT NULL,
    "reversesId" INTEGER,
    "createdById" TEXT,
    "createdByName" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "LedgerEntry_bandId_fkey" FOREIGN KEY ("bandId") REFERENCES "Band" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "LedgerEntry_reversesId_fkey" FOREIGN KEY ("reversesId") REFERENCES "LedgerEntry" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "LedgerLine" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "entryId" INTEGER NOT NULL,
    "bandId" INTEGER NOT NULL,
    "userId" TEXT,
    "memberName" TEXT,
    "kind" TEXT NOT NULL,
    "amountMinor" INTEGER NOT NULL,
    CONSTRAINT "LedgerLine_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "LedgerEntry" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Payout" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "entryId" INTEGER NOT NULL,
    "bandId" INTEGER NOT NULL,
    "userId" TEXT NOT NULL,
    "memberName" TEXT NOT NULL,
    "direction" TEXT NOT NULL,
    "amountMinor" INTEGER NOT NULL,
    "method" TEXT NOT NULL,
    "note" TEXT,
    CONSTRAINT "Payout_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "LedgerEntry" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Payout_bandId_fkey" FOREIGN KEY ("bandId") REFERENCES "Band" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Split" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "entryId" INTEGER NOT NULL,
    "bandId" INTEGER NOT NULL,
    "paymentId" INTEGER NOT NULL,
    "sequence" INTEGER NOT NULL,
    "method" TEXT NOT NULL,
    "amountMinor" INTEGER NOT NULL,
    "commissionMinor" INTEGER NOT NULL DEFAULT 0,
    "fundCutMinor" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "Split_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "LedgerEntry" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Split_bandId_fkey" FOREIGN KEY ("bandId") REFERENCES "Band" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Split_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SplitShare" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "splitId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "userId" TEXT NOT NULL,
    "memberName" TEXT NOT NULL,
    "percentBp" INTEGER,
    "fixedMinor" INTEGER,
    "amountMinor" INTEGER NOT NULL,
    CONSTRAINT "SplitShare_splitId_fkey" FOREIGN KEY ("splitId") REFERENCES "Split" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Expense" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "entryId" INTEGER NOT NULL,
    "bandId" INTEGER NOT NULL,
    "category" TEXT NOT NULL,
    "amountMinor" INTEGER NOT NULL,
    "note" TEXT,
    "eventId" INTEGER,
    "receiptUrl" TEXT,
    "paidByUserId" TEXT,
    "paidByName" TEXT,
    "splitId" INTEGER,
    CONSTRAINT "Expense_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "LedgerEntry" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Expense_bandId_fkey" FOREIGN KEY ("bandId") REFERENCES "Band" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Expense_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Expense_splitId_fkey" FOREIGN KEY ("splitId") REFERENCES "Split" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
-- The Expense stub had no way to be written (no page, endpoint or seed), so there is nothing to carry over.
DROP TABLE "Expense";
ALTER TABLE "new_Expense" RENAME TO "Expense";
CREATE UNIQUE INDEX "Expense_entryId_key" ON "Expense"("entryId");
CREATE INDEX "Expense_bandId_eventId_idx" ON "Expense"("bandId", "eventId");
CREATE INDEX "Expense_bandId_category_idx" ON "Expense"("bandId", "category");
CREATE TABLE "new_Payment" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "entryId" INTEGER NOT NULL,
    "bandId" INTEGER NOT NULL,
    "category" TEXT NOT NULL,
    "eventId" INTEGER,
    "amountMinor" INTEGER NOT NULL,
    "feeAgreedMinor" INTEGER,
    "method" TEXT NOT NULL,
    "receivedByUserId" TEXT,
    "receivedByName" TEXT,
    CONSTRAINT "Payment_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "LedgerEntry" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Payment_bandId_fkey" FOREIGN KEY ("bandId") REFERENCES "Band" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Payment_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
-- The Payment stub had no way to be written (no page, endpoint or seed), so there is nothing to carry over.
DROP TABLE "Payment";
ALTER TABLE "new_Payment" RENAME TO "Payment";
CREATE UNIQUE INDEX "Payment_entryId_key" ON "Payment"("entryId");
CREATE INDEX "Payment_bandId_eventId_idx" ON "Payment"("bandId", "eventId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "LedgerEntry_reversesId_key" ON "LedgerEntry"("reversesId");

-- CreateIndex
CREATE INDEX "LedgerEntry_bandId_occurredOn_idx" ON "LedgerEntry"("bandId", "occurredOn");

-- CreateIndex
CREATE INDEX "LedgerEntry_bandId_createdAt_idx" ON "LedgerEntry"("bandId", "createdAt");

-- CreateIndex
CREATE INDEX "LedgerEntry_bandId_kind_idx" ON "LedgerEntry"("bandId", "kind");

-- CreateIndex
CREATE INDEX "LedgerLine_bandId_userId_idx" ON "LedgerLine"("bandId", "userId");

-- CreateIndex
CREATE INDEX "LedgerLine_entryId_idx" ON "LedgerLine"("entryId");

-- CreateIndex
CREATE UNIQUE INDEX "Payout_entryId_key" ON "Payout"("entryId");

-- CreateIndex
CREATE INDEX "Payout_bandId_userId_idx" ON "Payout"("bandId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "Split_entryId_key" ON "Split"("entryId");

-- CreateIndex
CREATE INDEX "Split_bandId_idx" ON "Split"("bandId");

-- CreateIndex
CREATE UNIQUE INDEX "Split_paymentId_sequence_key" ON "Split"("paymentId", "sequence");

-- CreateIndex
CREATE INDEX "SplitShare_userId_idx" ON "SplitShare"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "SplitShare_splitId_position_key" ON "SplitShare"("splitId", "position");
