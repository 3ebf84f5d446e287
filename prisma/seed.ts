/**
 * Demo data that shows the product off. Idempotent: people are matched by email and
 * bands by name plus leader, so seeding twice changes nothing.
 */
import { db } from "~/utils/db.server";
import { hashPassword } from "~/features/auth/password.server";
import { parseDuration } from "~/features/songs/format";
import { parseKey } from "~/features/songs/keys";
import { fold } from "~/features/songs/songs.server";
import { DEMO_SONGS } from "./seed-songs";
import { expandWeekly } from "~/features/events/schema.server";
import { addDays, fromZoned, toZoned, type LocalDate } from "~/features/events/zoned-time";
import { seedFinances } from "./seed-finances";
import { backfillMemberOrder } from "~/features/members/member-order.server";

export const DEMO_EMAIL = "demo@bandroom.app";
export const DEMO_PASSWORD = "Bandroom-demo-1";

type Person = { email: string; firstName: string; lastName: string; isPlatformAdmin?: boolean };

const PEOPLE: Person[] = [
  { email: DEMO_EMAIL, firstName: "Dana", lastName: "Reyes", isPlatformAdmin: true },
  { email: "marcus@bandroom.app", firstName: "Marcus", lastName: "Hill" },
  { email: "priya@bandroom.app", firstName: "Priya", lastName: "Shah" },
  { email: "tom@bandroom.app", firstName: "Tom", lastName: "Okafor" },
  { email: "lena@bandroom.app", firstName: "Lena", lastName: "Vogel" },
  { email: "sam@bandroom.app", firstName: "Sam", lastName: "Carter" },
];

const BANDS = [
  {
    name: "The Late Shift",
    subscriptionTier: "pro",
    timeZone: "America/Chicago",
    members: [
      { email: DEMO_EMAIL, role: "band_leader", displayName: null },
      { email: "marcus@bandroom.app", role: "band_admin", displayName: "Marc" },
      { email: "priya@bandroom.app", role: "band_member", displayName: null },
      { email: "tom@bandroom.app", role: "band_member", displayName: null },
      { email: "lena@bandroom.app", role: "sub", displayName: null },
    ],
  },
  {
    name: "Basement Tapes",
    subscriptionTier: "free",
    timeZone: "Europe/London",
    members: [
      { email: "sam@bandroom.app", role: "band_leader", displayName: null },
      { email: DEMO_EMAIL, role: "band_member", displayName: null },
      { email: "priya@bandroom.app", role: "sub", displayName: null },
    ],
  },
];

export async function seed() {
  const hash = await hashPassword(DEMO_PASSWORD);
  const ids = new Map<string, string>();
  for (const person of PEOPLE) {
    const user = await db.user.upsert({
      where: { email: person.email },
      update: {},
      create: {
        ...person,
        isPlatformAdmin: person.isPlatformAdmin ?? false,
        emailVerifiedAt: new Date(),
        password: { create: { hash } },
      },
      select: { id: true },
    });
    ids.set(person.email, user.id);
  }

  for (const spec of BANDS) {
    const leaderEmail = spec.members.find((m) => m.role === "band_leader")!.email;
    const existing = await db.band.findFirst({
      where: { name: spec.name, memberships: { some: { userId: ids.get(leaderEmail)!, role: "band_leader" } } },
      select: { id: true },
    });
    if (existing) continue;
    await db.band.create({
      data: {
        name: spec.name,
        subscriptionTier: spec.subscriptionTier,
        timeZone: spec.timeZone,
        memberships: {
          create: spec.members.map((m) => ({ userId: ids.get(m.email)!, role: m.role, displayName: m.displayName })),
        },
      },
    });
  }

  // A real repertoire for each demo band (only for a band with no songs yet).
  for (const spec of BANDS) {
    const band = await db.band.findFirst({ where: { name: spec.name, memberships: { some: { role: "band_leader", user: { email: spec.members[0]!.email } } } }, select: { id: true, memberships: { select: { id: true, role: true } } } });
    if (!band || (await db.song.count({ where: { bandId: band.id } })) > 0) continue;
    const singers = band.memberships.filter((m) => m.role !== "sub").map((m) => m.id);
    const leader = band.memberships.find((m) => m.role === "band_leader")!;
    const leaderUser = await db.bandMembership.findUniqueOrThrow({ where: { id: leader.id }, select: { userId: true } });
    const songs = spec.name === "The Late Shift" ? DEMO_SONGS : DEMO_SONGS.filter((_, index) => index % 3 === 0);
    for (const [index, [title, artist, key, tempo, length, tags]] of songs.entries()) {
      await db.song.create({
        data: {
          bandId: band.id,
          title,
          artist,
          titleKey: fold(title),
          artistKey: fold(artist),
          key: parseKey(key),
          tempo,
          durationSeconds: parseDuration(length),
          timeSignature: "4/4",
          leadSingerId: singers[index % singers.length] ?? null,
          createdById: leaderUser.userId,
          tags: { create: tags.split(",").map((tag) => ({ bandId: band.id, name: tag.trim(), nameKey: tag.trim().toLowerCase() })) },
        },
      });
    }
  }

  // A season on the calendar for each demo band (only once).
  for (const spec of BANDS) {
    const band = await db.band.findFirst({ where: { name: spec.name, memberships: { some: { role: "band_leader", user: { email: spec.members[0]!.email } } } }, select: { id: true, timeZone: true } });
    if (band) await seedCalendar(band, ids);
  }

  await seedBlackouts(ids);

  // Several setlists per demo band from its repertoire (only for a band with none yet).
  for (const spec of BANDS) {
    const band = await db.band.findFirst({ where: { name: spec.name, memberships: { some: { role: "band_leader", user: { email: spec.members[0]!.email } } } }, select: { id: true, memberships: { where: { role: "band_leader" }, select: { userId: true } } } });
    if (!band || (await db.setlist.count({ where: { bandId: band.id } })) > 0) continue;
    const songs = await db.song.findMany({ where: { bandId: band.id }, orderBy: { id: "asc" }, select: { id: true } });
    if (!songs.length) continue;
    const pick = (start: number, count: number) => Array.from({ length: Math.min(count, songs.length) }, (_, i) => songs[(start + i * 2) % songs.length]!.id);
    const plans: { name: string; notes?: string; targetMinutes?: number; sets: { name: string; songs: number[]; breakAfter?: number; notes?: Record<number, string> }[] }[] = [
      {
        name: "Friday at The Anchor",
        notes: "Load in 7pm, sound check 7:30. Two sets with a 20-minute break.",
        targetMinutes: 50,
        sets: [
          { name: "Set 1", songs: pick(0, 12), notes: { 0: "Drums count in", 5: "Segue into the next" }, breakAfter: 20 },
          { name: "Set 2", songs: pick(1, 12) },
          { name: "Encore", songs: pick(7, 2) },
        ],
      },
      { name: "Wedding — first dance and party", notes: "First dance after the speeches.", targetMinutes: 45, sets: [{ name: "Set 1", songs: pick(3, 10) }, { name: "Set 2", songs: pick(4, 11) }] },
      { name: "Sunday rehearsal", sets: [{ name: "Set 1", songs: pick(5, 8), notes: { 2: "Work on the bridge" } }] },
    ];
    for (const plan of plans) {
      const setlist = await db.setlist.create({
        data: { bandId: band.id, name: plan.name, notes: plan.notes ?? null, targetSetSeconds: plan.targetMinutes ? plan.targetMinutes * 60 : null, createdById: band.memberships[0]?.userId ?? null },
        select: { id: true },
      });
      for (const [position, set] of plan.sets.entries()) {
        const created = await db.setlistSet.create({ data: { setlistId: setlist.id, name: set.name, position }, select: { id: true } });
        const items = [
          ...set.songs.map((songId, index) => ({ isBreak: false, breakSeconds: null as number | null, songId: songId as number | null, note: set.notes?.[index] ?? null })),
          ...(set.breakAfter ? [{ isBreak: true, breakSeconds: set.breakAfter * 60, songId: null, note: null }] : []),
        ];
        await db.setlistItem.createMany({ data: items.map((item, itemPosition) => ({ ...item, setlistId: setlist.id, setId: created.id, position: itemPosition })) });
      }
    }
  }

  // The past gigs played from those setlists, so the song statistics (played, last played,
  // not played for a while, already played at this venue) have a history on first start.
  // Only for a band none of whose events has a setlist yet.
  const PAST_GIG_SETLISTS: Record<string, string> = { "Friday at The Blue Door": "Friday at The Anchor", "Riverside wedding": "Wedding — first dance and party" };
  for (const spec of BANDS) {
    const band = await db.band.findFirst({ where: { name: spec.name, memberships: { some: { role: "band_leader", user: { email: spec.members[0]!.email } } } }, select: { id: true } });
    if (!band || (await db.event.count({ where: { bandId: band.id, setlistId: { not: null } } })) > 0) continue;
    for (const [title, setlistName] of Object.entries(PAST_GIG_SETLISTS)) {
      const setlist = await db.setlist.findFirst({ where: { bandId: band.id, name: setlistName }, select: { id: true } });
      if (setlist) await db.event.updateMany({ where: { bandId: band.id, kind: "gig", title, startsAt: { lt: new Date() } }, data: { setlistId: setlist.id } });
    }
  }

  // A season of money for the Pro band (only once).
  for (const spec of BANDS.filter((band) => band.subscriptionTier === "pro")) {
    const band = await db.band.findFirst({ where: { name: spec.name, memberships: { some: { role: "band_leader", user: { email: spec.members[0]!.email } } } }, select: { id: true } });
    if (band) await seedFinances(band.id);
  }

  const demo = await db.user.findUniqueOrThrow({ where: { email: DEMO_EMAIL }, select: { id: true, preferredBandId: true } });
  if (demo.preferredBandId === null) {
    const lateShift = await db.band.findFirst({ where: { name: "The Late Shift", memberships: { some: { userId: demo.id } } }, select: { id: true } });
    if (lateShift) await db.user.update({ where: { id: demo.id }, data: { preferredBandId: lateShift.id } });
  }
  // The stored member list order and initials of the bands above (idempotent).
  await backfillMemberOrder();
}

const INSTRUMENTS: Record<string, string> = {
  [DEMO_EMAIL]: "Vocals",
  "marcus@bandroom.app": "Guitar",
  "priya@bandroom.app": "Keys",
  "tom@bandroom.app": "Bass",
  "lena@bandroom.app": "Drums",
  "sam@bandroom.app": "Guitar",
};

type Answer = "going" | "maybe" | "no" | null;

/**
 * A season for a band with no events yet: past and upcoming gigs with lineups and
 * answers, a tentative hold, a meeting, a cancelled gig and a weekly rehearsal series,
 * placed around today in the band's time zone so /calendar is alive on first start.
 */
/**
 * A few blackout dates, so "Can we take this date?" has someone away on first start:
 * a drummer's week away, a guitarist's family day, a keyboardist's long weekend.
 * A blackout is the person's, in every band they are in. Only once.
 */
async function seedBlackouts(ids: Map<string, string>) {
  const people: { email: string; from: number; days: number; reason: string | null }[] = [
    { email: "lena@bandroom.app", from: 16, days: 7, reason: "Touring with another act" },
    { email: "marcus@bandroom.app", from: 5, days: 1, reason: "Family wedding" },
    { email: "priya@bandroom.app", from: 36, days: 3, reason: null },
  ];
  const today = toZoned(new Date(), "UTC");
  const iso = (day: LocalDate) => `${day.year}-${String(day.month).padStart(2, "0")}-${String(day.day).padStart(2, "0")}`;
  for (const person of people) {
    const userId = ids.get(person.email);
    if (!userId || (await db.blackout.count({ where: { userId } }))) continue;
    await db.blackout.create({
      data: { userId, startDate: iso(addDays(today, person.from)), endDate: iso(addDays(today, person.from + person.days - 1)), reason: person.reason },
    });
  }
}

async function seedCalendar(band: { id: number; timeZone: string }, ids: Map<string, string>) {
  if (await db.event.count({ where: { bandId: band.id } })) return;
  const memberships = await db.bandMembership.findMany({ where: { bandId: band.id }, select: { id: true, userId: true, instruments: { select: { id: true } } } });
  const emailOf = new Map([...ids].map(([email, id]) => [id, email]));
  for (const m of memberships) {
    const instrument = INSTRUMENTS[emailOf.get(m.userId) ?? ""];
    if (!m.instruments.length && instrument) await db.membershipInstrument.create({ data: { membershipId: m.id, instrument } });
  }
  const lineup = memberships.map((m) => ({ membershipId: m.id, instrument: INSTRUMENTS[emailOf.get(m.userId) ?? ""] ?? null }));
  const leader = memberships[0]?.userId ?? null;
  const today = toZoned(new Date(), band.timeZone);
  const at = (days: number, hour: number, minute = 0) => {
    const day: LocalDate = addDays(today, days);
    return fromZoned({ ...day, hour, minute }, band.timeZone) ?? new Date(Date.UTC(day.year, day.month - 1, day.day, hour, minute));
  };
  const hours = (date: Date, h: number) => new Date(date.getTime() + h * 3_600_000);

  const gigs: { title: string; days: number; venue: string; address: string; fee: number; answers: Answer[]; status?: string; cancel?: string; kind?: string }[] = [
    { title: "Friday at The Blue Door", days: -40, venue: "The Blue Door", address: "118 Elm St", fee: 60000, answers: ["going", "going", "going", "going", "going"] },
    { title: "Riverside wedding", days: -12, venue: "Riverside Barn", address: "4 Mill Lane", fee: 180000, answers: ["going", "going", "no", "going", "going"] },
    { title: "Harbor Street Festival", days: 9, venue: "Harbor Street stage B", address: "Harbor St & 3rd Ave", fee: 120000, answers: ["going", "going", "maybe", null, "going"] },
    { title: "Corporate holiday party", days: 23, venue: "Grand Hotel ballroom", address: "1 Plaza Sq", fee: 250000, answers: ["going", null, null, "no", null], status: "tentative" },
    { title: "Open-air cinema night", days: 30, venue: "Park pavilion", address: "Lakeside Park", fee: 40000, answers: [null, null, null, null, null], cancel: "The venue lost its permit" },
    { title: "Album release show", days: 45, venue: "The Blue Door", address: "118 Elm St", fee: 90000, answers: [null, "going", null, null, null] },
  ];
  for (const gig of gigs) {
    const startsAt = at(gig.days, 20);
    await db.event.create({
      data: {
        bandId: band.id,
        title: gig.title,
        kind: "gig",
        status: gig.status ?? "confirmed",
        startsAt,
        endsAt: hours(startsAt, 3),
        callAt: hours(startsAt, -2),
        soundcheckAt: hours(startsAt, -1.5),
        venueName: gig.venue,
        venueAddress: gig.address,
        dressCode: "All black",
        feeMinor: gig.fee,
        rsvpDeadline: gig.days > 0 ? at(gig.days - 3, 0) : null,
        cancelledAt: gig.cancel ? new Date() : null,
        cancelReason: gig.cancel ?? null,
        createdById: leader,
        bookings: {
          create: lineup.map((row, index) => {
            const answer = gig.answers[index] ?? null;
            return { ...row, ...(answer ? { rsvp: { create: { answer } }, history: { create: { answer, byUserId: memberships[index]!.userId } } } : {}) };
          }),
        },
      },
    });
  }
  const meeting = at(5, 18, 30);
  await db.event.create({ data: { bandId: band.id, title: "Band meeting: next season", kind: "meeting", startsAt: meeting, endsAt: hours(meeting, 1), venueName: "Marc's place", createdById: leader } });

  // A weekly rehearsal, Tuesdays at 19:00, from three weeks ago for twelve weeks.
  const firstDay = addDays(today, ((2 - new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay() + 7) % 7) - 21);
  const first = fromZoned({ ...firstDay, hour: 19, minute: 0 }, band.timeZone)!;
  const { occurrences, rrule } = expandWeekly({ localDate: firstDay, startsAt: first, timeZone: band.timeZone }, { interval: 1, count: 12 });
  const series = await db.eventSeries.create({ data: { bandId: band.id, rrule, timeZone: band.timeZone, startsAt: first, createdById: leader } });
  for (const startsAt of occurrences) {
    const past = startsAt < new Date();
    await db.event.create({
      data: {
        bandId: band.id,
        title: "Weekly rehearsal",
        kind: "rehearsal",
        startsAt,
        endsAt: hours(startsAt, 2.5),
        venueName: "Rehearsal room 4",
        seriesId: series.id,
        occurrenceAt: startsAt,
        createdById: leader,
        bookings: { create: lineup.filter((_, index) => index < 4).map((row) => ({ ...row, ...(past ? { rsvp: { create: { answer: "going" } } } : {}) })) },
      },
    });
  }
}
