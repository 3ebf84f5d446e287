-- CreateTable
CREATE TABLE "AvailabilityStamp" (
    "bandId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "version" INTEGER NOT NULL DEFAULT 0
);

-- Triggers that move a band's AvailabilityStamp on every write that changes its
-- availability view (see the model's comment in schema.prisma). SQLite drops a table's
-- triggers when a migration redefines the table: such a migration creates them again.
-- Inside a trigger, an INSERT … SELECT … ON CONFLICT needs its WHERE (SQLite's parser).

-- Memberships: the band's people, their roles and names in the band, and a person's other
-- bands (where they may be busy): every band of the person moves.
CREATE TRIGGER "availability_membership_insert" AFTER INSERT ON "BandMembership"
BEGIN
    INSERT INTO "AvailabilityStamp" ("bandId", "version")
    SELECT "bandId", 1 FROM "BandMembership" WHERE "userId" = NEW."userId"
    ON CONFLICT ("bandId") DO UPDATE SET "version" = "version" + 1;
END;
CREATE TRIGGER "availability_membership_delete" AFTER DELETE ON "BandMembership"
BEGIN
    INSERT INTO "AvailabilityStamp" ("bandId", "version") VALUES (OLD."bandId", 1)
    ON CONFLICT ("bandId") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "AvailabilityStamp" ("bandId", "version")
    SELECT "bandId", 1 FROM "BandMembership" WHERE "userId" = OLD."userId"
    ON CONFLICT ("bandId") DO UPDATE SET "version" = "version" + 1;
END;
CREATE TRIGGER "availability_membership_update" AFTER UPDATE OF "bandId", "userId", "role", "displayName" ON "BandMembership"
BEGIN
    INSERT INTO "AvailabilityStamp" ("bandId", "version") VALUES (OLD."bandId", 1)
    ON CONFLICT ("bandId") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "AvailabilityStamp" ("bandId", "version")
    SELECT "bandId", 1 FROM "BandMembership" WHERE "userId" = OLD."userId"
    ON CONFLICT ("bandId") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "AvailabilityStamp" ("bandId", "version")
    SELECT "bandId", 1 FROM "BandMembership" WHERE "userId" = NEW."userId"
    ON CONFLICT ("bandId") DO UPDATE SET "version" = "version" + 1;
END;

-- Instruments: who can cover what (the lineup check).
CREATE TRIGGER "availability_instrument_insert" AFTER INSERT ON "MembershipInstrument"
BEGIN
    INSERT INTO "AvailabilityStamp" ("bandId", "version")
    SELECT "bandId", 1 FROM "BandMembership" WHERE "id" = NEW."membershipId"
    ON CONFLICT ("bandId") DO UPDATE SET "version" = "version" + 1;
END;
CREATE TRIGGER "availability_instrument_delete" AFTER DELETE ON "MembershipInstrument"
BEGIN
    INSERT INTO "AvailabilityStamp" ("bandId", "version")
    SELECT "bandId", 1 FROM "BandMembership" WHERE "id" = OLD."membershipId"
    ON CONFLICT ("bandId") DO UPDATE SET "version" = "version" + 1;
END;
CREATE TRIGGER "availability_instrument_update" AFTER UPDATE OF "membershipId", "instrument" ON "MembershipInstrument"
BEGIN
    INSERT INTO "AvailabilityStamp" ("bandId", "version")
    SELECT "bandId", 1 FROM "BandMembership" WHERE "id" = OLD."membershipId"
    ON CONFLICT ("bandId") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "AvailabilityStamp" ("bandId", "version")
    SELECT "bandId", 1 FROM "BandMembership" WHERE "id" = NEW."membershipId"
    ON CONFLICT ("bandId") DO UPDATE SET "version" = "version" + 1;
END;

-- Names: every band of the person (names are shown, and sorted by).
CREATE TRIGGER "availability_user_name" AFTER UPDATE OF "firstName", "lastName", "email" ON "User"
BEGIN
    INSERT INTO "AvailabilityStamp" ("bandId", "version")
    SELECT "bandId", 1 FROM "BandMembership" WHERE "userId" = NEW."id"
    ON CONFLICT ("bandId") DO UPDATE SET "version" = "version" + 1;
END;

-- Blackouts belong to the person: every band of theirs.
CREATE TRIGGER "availability_blackout_insert" AFTER INSERT ON "Blackout"
BEGIN
    INSERT INTO "AvailabilityStamp" ("bandId", "version")
    SELECT "bandId", 1 FROM "BandMembership" WHERE "userId" = NEW."userId"
    ON CONFLICT ("bandId") DO UPDATE SET "version" = "version" + 1;
END;
CREATE TRIGGER "availability_blackout_delete" AFTER DELETE ON "Blackout"
BEGIN
    INSERT INTO "AvailabilityStamp" ("bandId", "version")
    SELECT "bandId", 1 FROM "BandMembership" WHERE "userId" = OLD."userId"
    ON CONFLICT ("bandId") DO UPDATE SET "version" = "version" + 1;
END;
CREATE TRIGGER "availability_blackout_update" AFTER UPDATE ON "Blackout"
BEGIN
    INSERT INTO "AvailabilityStamp" ("bandId", "version")
    SELECT "bandId", 1 FROM "BandMembership" WHERE "userId" = OLD."userId"
    ON CONFLICT ("bandId") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "AvailabilityStamp" ("bandId", "version")
    SELECT "bandId", 1 FROM "BandMembership" WHERE "userId" = NEW."userId"
    ON CONFLICT ("bandId") DO UPDATE SET "version" = "version" + 1;
END;

-- Events: the band's own (shown on each day), and, through their bookings, every band of
-- the people booked on them (busy there). A deleted event's bookings go by cascade, and
-- their own trigger moves the people's bands.
CREATE TRIGGER "availability_event_insert" AFTER INSERT ON "Event"
BEGIN
    INSERT INTO "AvailabilityStamp" ("bandId", "version") VALUES (NEW."bandId", 1)
    ON CONFLICT ("bandId") DO UPDATE SET "version" = "version" + 1;
END;
CREATE TRIGGER "availability_event_delete" AFTER DELETE ON "Event"
BEGIN
    INSERT INTO "AvailabilityStamp" ("bandId", "version") VALUES (OLD."bandId", 1)
    ON CONFLICT ("bandId") DO UPDATE SET "version" = "version" + 1;
END;
CREATE TRIGGER "availability_event_update" AFTER UPDATE OF "bandId", "title", "kind", "status", "allDay", "startsAt", "endsAt", "cancelledAt" ON "Event"
BEGIN
    INSERT INTO "AvailabilityStamp" ("bandId", "version") VALUES (OLD."bandId", 1)
    ON CONFLICT ("bandId") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "AvailabilityStamp" ("bandId", "version") VALUES (NEW."bandId", 1)
    ON CONFLICT ("bandId") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "AvailabilityStamp" ("bandId", "version")
    SELECT DISTINCT "other"."bandId", 1 FROM "EventBooking" AS "b" JOIN "BandMembership" AS "booked" ON "booked"."id" = "b"."membershipId" JOIN "BandMembership" AS "other" ON "other"."userId" = "booked"."userId" WHERE "b"."eventId" = NEW."id"
    ON CONFLICT ("bandId") DO UPDATE SET "version" = "version" + 1;
END;

-- Bookings: every band of the person booked (the booking's own band among them).
CREATE TRIGGER "availability_booking_insert" AFTER INSERT ON "EventBooking"
BEGIN
    INSERT INTO "AvailabilityStamp" ("bandId", "version")
    SELECT "other"."bandId", 1 FROM "BandMembership" AS "booked" JOIN "BandMembership" AS "other" ON "other"."userId" = "booked"."userId" WHERE "booked"."id" = NEW."membershipId"
    ON CONFLICT ("bandId") DO UPDATE SET "version" = "version" + 1;
END;
CREATE TRIGGER "availability_booking_delete" AFTER DELETE ON "EventBooking"
BEGIN
    INSERT INTO "AvailabilityStamp" ("bandId", "version")
    SELECT "other"."bandId", 1 FROM "BandMembership" AS "booked" JOIN "BandMembership" AS "other" ON "other"."userId" = "booked"."userId" WHERE "booked"."id" = OLD."membershipId"
    ON CONFLICT ("bandId") DO UPDATE SET "version" = "version" + 1;
END;
CREATE TRIGGER "availability_booking_update" AFTER UPDATE OF "eventId", "membershipId" ON "EventBooking"
BEGIN
    INSERT INTO "AvailabilityStamp" ("bandId", "version")
    SELECT "other"."bandId", 1 FROM "BandMembership" AS "booked" JOIN "BandMembership" AS "other" ON "other"."userId" = "booked"."userId" WHERE "booked"."id" = OLD."membershipId"
    ON CONFLICT ("bandId") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "AvailabilityStamp" ("bandId", "version")
    SELECT "other"."bandId", 1 FROM "BandMembership" AS "booked" JOIN "BandMembership" AS "other" ON "other"."userId" = "booked"."userId" WHERE "booked"."id" = NEW."membershipId"
    ON CONFLICT ("bandId") DO UPDATE SET "version" = "version" + 1;
END;
