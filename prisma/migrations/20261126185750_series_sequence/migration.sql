-- The iCalendar SEQUENCE of a series' own VEVENT, raised on every change to its rule.
ALTER TABLE "EventSeries" ADD COLUMN "sequence" INTEGER NOT NULL DEFAULT 0;
