import { describe, expect, test } from "vitest";
import { eventWhen } from "./event-when";
import { eventKindLabel } from "./present";

const at = (iso: string) => new Date(iso);

describe("eventWhen", () => {
  test("a start time alone", () => {
    const when = eventWhen({ startsAt: at("2024-01-06T02:30:00Z"), endsAt: null }, "America/Chicago");
    expect(when.date).toBe("Jan 5, 2024");
    expect(when.time).toMatch(/^8:30\sPM CST$/);
    expect(when.startsAt).toBe("2024-01-06T02:30:00.000Z");
  });
  test("a range within one day names the zone once", () => {
    const when = eventWhen({ startsAt: at("2024-01-06T02:00:00Z"), endsAt: at("2024-01-06T05:30:00Z") }, "America/Chicago");
    expect(when.time).toMatch(/^8:00\sPM – 11:30\sPM CST$/);
  });
  test("a range past midnight gives the end's date", () => {
    const when = eventWhen({ startsAt: at("2024-01-06T04:00:00Z"), endsAt: at("2024-01-06T07:00:00Z") }, "America/Chicago");
    expect(when.date).toBe("Jan 5, 2024");
    expect(when.time).toMatch(/^10:00\sPM CST – Jan 6, 2024, 1:00\sAM CST$/);
  });
  test("a range across a clock change keeps both zone names", () => {
    // US clocks went forward at 2 AM on Mar 10, 2024.
    const when = eventWhen({ startsAt: at("2024-03-10T07:00:00Z"), endsAt: at("2024-03-10T09:00:00Z") }, "America/Chicago");
    expect(when.time).toMatch(/^1:00\sAM CST – 4:00\sAM CDT$/);
  });
  test("an end before the start is ignored", () => {
    const when = eventWhen({ startsAt: at("2024-01-06T02:30:00Z"), endsAt: at("2024-01-06T01:00:00Z") }, "UTC");
    expect(when.time).toMatch(/^2:30\sAM UTC$/);
  });
});

describe("eventKindLabel", () => {
  test("reads stored kinds as words", () => {
    expect(eventKindLabel("gig")).toBe("Gig");
    expect(eventKindLabel("sound_check")).toBe("Sound check");
    expect(eventKindLabel(" ")).toBe("Event");
  });
});
