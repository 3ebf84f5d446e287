-- CreateTable
CREATE TABLE "EventSeries" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "bandId" INTEGER NOT NULL,
    "rrule" TEXT NOT NULL,
    "timeZone" TEXT NOT NULL,
    "startsAt" DATETIME NOT NULL,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "EventSeries_bandId_fkey" FOREIGN KEY ("bandId") REFERENCES "Band" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "EventBooking" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "eventId" INTEGER NOT NULL,
    "membershipId" INTEGER NOT NULL,
    "instrument" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EventBooking_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "EventBooking_membershipId_fkey" FOREIGN KEY ("membershipId") REFERENCES "BandMembership" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Rsvp" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "bookingId" INTEGER NOT NULL,
    "answer" TEXT NOT NULL,
    "note" TEXT,
    "answeredAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Rsvp_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "EventBooking" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RsvpHistory" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "bookingId" INTEGER NOT NULL,
    "answer" TEXT NOT NULL,
    "note" TEXT,
    "byUserId" TEXT,
    "answeredAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "RsvpHistory_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "EventBooking" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Blackout" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" TEXT NOT NULL,
    "startDate" TEXT NOT NULL,
    "endDate" TEXT NOT NULL,
    "reason" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Blackout_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ReminderDelivery" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL,
    "eventId" INTEGER NOT NULL,
    "bookingId" INTEGER,
    "userId" TEXT NOT NULL,
    "dueOn" TEXT NOT NULL,
    "claimedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" DATETIME,
    "error" TEXT,
    CONSTRAINT "ReminderDelivery_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ReminderDelivery_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ReminderPreference" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ReminderPreference_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CalendarFeedToken" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "includeBlackouts" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" DATETIME,
    "revokedAt" DATETIME,
    CONSTRAINT "CalendarFeedToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Event" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "bandId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'confirmed',
    "cancelledAt" DATETIME,
    "cancelReason" TEXT,
    "allDay" BOOLEAN NOT NULL DEFAULT false,
    "startsAt" DATETIME NOT NULL,
    "endsAt" DATETIME,
    "venueName" TEXT,
    "venueAddress" TEXT,
    "callAt" DATETIME,
    "soundcheckAt" DATETIME,
    "dressCode" TEXT,
    "notes" TEXT,
    "feeMinor" INTEGER,
    "setlistId" INTEGER,
    "rsvpDeadline" DATETIME,
    "seriesId" INTEGER,
    "occurrenceAt" DATETIME,
    "detached" BOOLEAN NOT NULL DEFAULT false,
    "version" INTEGER NOT NULL DEFAULT 1,
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Event_bandId_fkey" FOREIGN KEY ("bandId") REFERENCES "Band" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Event_setlistId_fkey" FOREIGN KEY ("setlistId") REFERENCES "Setlist" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Event_seriesId_fkey" FOREIGN KEY ("seriesId") REFERENCES "EventSeries" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Event" ("bandId", "createdAt", "createdById", "endsAt", "id", "kind", "startsAt", "title", "updatedAt") SELECT "bandId", "createdAt", "createdById", "endsAt", "id", "kind", "startsAt", "title", "updatedAt" FROM "Event";
DROP TABLE "Event";
ALTER TABLE "new_Event" RENAME TO "Event";
CREATE INDEX "Event_bandId_startsAt_idx" ON "Event"("bandId", "startsAt");
CREATE INDEX "Event_bandId_endsAt_idx" ON "Event"("bandId", "endsAt");
CREATE INDEX "Event_seriesId_startsAt_idx" ON "Event"("seriesId", "startsAt");
CREATE INDEX "Event_setlistId_idx" ON "Event"("setlistId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "EventSeries_bandId_idx" ON "EventSeries"("bandId");

-- CreateIndex
CREATE INDEX "EventBooking_membershipId_idx" ON "EventBooking"("membershipId");

-- CreateIndex
CREATE UNIQUE INDEX "EventBooking_eventId_membershipId_key" ON "EventBooking"("eventId", "membershipId");

-- CreateIndex
CREATE UNIQUE INDEX "Rsvp_bookingId_key" ON "Rsvp"("bookingId");

-- CreateIndex
CREATE INDEX "RsvpHistory_bookingId_answeredAt_idx" ON "RsvpHistory"("bookingId", "answeredAt");

-- CreateIndex
CREATE INDEX "Blackout_userId_startDate_idx" ON "Blackout"("userId", "startDate");

-- CreateIndex
CREATE INDEX "Blackout_startDate_endDate_idx" ON "Blackout"("startDate", "endDate");

-- CreateIndex
CREATE INDEX "ReminderDelivery_userId_idx" ON "ReminderDelivery"("userId");

-- CreateIndex
CREATE INDEX "ReminderDelivery_sentAt_idx" ON "ReminderDelivery"("sentAt");

-- CreateIndex
CREATE UNIQUE INDEX "ReminderDelivery_kind_eventId_userId_dueOn_key" ON "ReminderDelivery"("kind", "eventId", "userId", "dueOn");

-- CreateIndex
CREATE UNIQUE INDEX "ReminderPreference_userId_kind_key" ON "ReminderPreference"("userId", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "CalendarFeedToken_tokenHash_key" ON "CalendarFeedToken"("tokenHash");

-- CreateIndex
CREATE INDEX "CalendarFeedToken_userId_idx" ON "CalendarFeedToken"("userId");
