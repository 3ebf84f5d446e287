import type { Prisma } from "~/generated/prisma/client";
import { deadlineLastMoment } from "~/features/events/zoned-time";
import { addDays, daysOfRange, formatDayRange } from "~/features/availability/local-day";
import { OPEN_ENDED_MINUTES, overlappingEvents } from "~/features/availability/conflicts.server";
import { grantIn, requireGrant, type BandAccess } from "~/features/bands/access.server";
import { answerWindow, bandInstruments, pastDeadline } from "~/features/events/events.server";
import { eventWhen } from "~/features/events/event-when";
import { instrumentCoverage, kindStyle } from "~/features/events/present";
import { getMoneyAtAGlance, type MoneyAtAGlance } from "~/features/finances/finances.server";
import { chaseOffered } from "~/features/reminders/reminders.server";
import { breaksIn, itemSeconds, lengthUnknown } from "~/features/setlists/setlists.server";
import { formatSetLength } from "~/features/songs/format";
import { getOnboardingStatus, onboardingSteps } from "~/features/bands/onboarding.server";
import { seesContact } from "~/features/members/members.server";
import { sortMembers } from "~/features/members/order";
import { db } from "~/utils/db.server";
import { formatDate } from "~/utils/dates";
import { displayName, initials } from "~/utils/names";

/**
 * The band dashboard: "what do I need to do?" for the person looking. Every panel reads
 * a fixed number of queries whatever the band's size (lists are capped with `take`,
 * figures are counts, lineups of several events come in one `in` query), and each panel
 * applies the viewer's grants: a sub ("booked") sees only the events they are booked on,
 * and what the next gigs still need (events:attention) is for leaders and admins.
 * The page (/dashboard) and GET /api/bands/{id}/stats share it.
 */

export const DASHBOARD_LIMITS = {
  /** How far ahead the panels look. */
  horizonDays: 60,
  /** Events shown in "Coming up". */
  nextEvents: 5,
  /** Answers still waiting for the viewer, listed. */
  waiting: 10,
  /** Gigs checked for a full lineup and a setlist (the soonest ones in the horizon). */
  gigsChecked: 50,
  /** Rows shown in each list of problems; the count says how many more. */
  listed: 5,
  /** Songs added recently: the latest, within this many days. */
  recentSongDays: 30,
  recentSongs: 5,
  /** Blackouts read (the band's or the viewer's own, in the horizon). */
  blackouts: 500,
  /**
   * Events read for blackout clashes (the soonest with someone blacked out booked): under
   * SQLite's 999 bound parameters, so that Prisma reads their bookings in one statement
   * (past it, it splits the list and the count would grow with the band).
   */
  clashEvents: 200,
  /** Members named under "Money owed to members" (leaders and admins); the total counts everyone. */
  owedTop: 3,
} as const;

const DAY_MS = 86_400_000;

type Answer = "going" | "maybe" | "no";

/** What this viewer may see on the dashboard, from the permission table. */
export function dashboardAbilities(access: BandAccess) {
  const events = requireGrant(access, "events:view");
  const content = grantIn(access, "content:view");
  return {
    bookedOnly: events === "booked",
    /** Leaders and admins: who has not answered, missing players, gigs without a setlist, everyone's clashes. */
    attention: grantIn(access, "events:attention") !== null,
    chase: grantIn(access, "reminders:chase") !== null,
    createEvents: grantIn(access, "events:edit") !== null,
    /** The song library and setlist pages (a sub sees a gig's setlist only on the gig). */
    library: content === true,
    setlistOfBookedGig: content !== null,
    seeReasons: grantIn(access, "availability:reasons") !== null,
    /** Who manages billing: on a free band, the money panel is a one-line Pro hint for them alone. */
    billing: grantIn(access, "band:billing") !== null,
  };
}

type Abilities = ReturnType<typeof dashboardAbilities>;

/**
 * Events the viewer may see that have not ended and are not cancelled: still to come, or
 * on now (the gig on stage, today's all-day event, a rehearsal under way), starting before
 * `until`. The band's longest event bounds how far back one still running may have started.
 */
function upcomingWhere(access: BandAccess, abilities: Abilities, now: Date, until = END_OF_TIME): Prisma.EventWhereInput {
  return {
    bandId: access.band.id,
    ...overlappingEvents(now, until, access.band.longestEventMinutes),
    ...(abilities.bookedOnly ? { bookings: { some: { membershipId: access.membership.id } } } : {}),
  };
}
// The last instant an ISO date string of four-digit years holds (SQLite compares the text).
const END_OF_TIME = new Date(Date.UTC(9999, 11, 31, 23, 59, 59));

/** The band's events whose answers are still open (answerWindow): not started, not cancelled; a passed deadline leaves them open. */
function openEventWhere(bandId: number, now: Date): Prisma.EventWhereInput {
  return { bandId, cancelledAt: null, startsAt: { gt: now } };
}

/** Bookings without an answer on events whose answers are still open (the reminders' "not answered"). */
function outstandingWhere(bandId: number, now: Date): Prisma.EventBookingWhereInput {
  return { rsvp: null, event: openEventWhere(bandId, now) };
}

/**
 * One person's bookings without an answer on events still open. Their membership names
 * the band, so the event's band is left out of the filter: with it, SQLite walks every
 * upcoming event of the band (a thousand in a large band) to find the person's few
 * bookings; without it, it reads the person's bookings from their index.
 */
function ownOutstandingWhere(membershipId: number, now: Date): Prisma.EventBookingWhereInput {
  const { bandId: _, ...open } = openEventWhere(0, now);
  return { membershipId, rsvp: null, event: open };
}

// ---------------------------------------------------------------------------
// Stats: the figures, for the page and GET /api/bands/{id}/stats

/**
 * The band's figures as this viewer may see them: members always; songs and setlists
 * for those who see the band's setup (band:setup, not a sub); upcoming events (a sub:
 * those they are booked on); answers outstanding, their own and, for leaders and
 * admins, the band's; for Pro bands, money as the finances module shows it to this
 * viewer: their own balance, and the band fund for those who see the band's totals
 * (not a sub). Four queries (three for those who only see their own), one more for a
 * Pro band; null when the band is gone.
 */
export async function getBandStats(access: BandAccess, now = new Date()) {
  return (await readStats(access, now))?.stats ?? null;
}

/** The stats for GET /api/bands/{id}/stats (the dashboard reads only the figures it shows, see getDashboard). */
async function readStats(access: BandAccess, now: Date) {
  const abilities = dashboardAbilities(access);
  const setup = grantIn(access, "band:setup") !== null;
  const [band, upcomingEvents, yours, band_, money] = await Promise.all([
    db.band.findUnique({
      where: { id: access.band.id },
      select: {
        timeZone: true,
        // Each count names the band in its filter, so SQLite counts this band's rows on
        // their index instead of grouping the whole table (see getOnboardingStatus).
        _count: { select: { memberships: { where: { bandId: access.band.id } }, songs: { where: { bandId: access.band.id } }, setlists: { where: { bandId: access.band.id } } } },
      },
    }),
    db.event.count({ where: upcomingWhere(access, abilities, now) }),
    db.eventBooking.count({ where: ownOutstandingWhere(access.membership.id, now) }),
    abilities.attention ? db.eventBooking.count({ where: outstandingWhere(access.band.id, now) }) : Promise.resolve(null),
    grantIn(access, "finances:view") !== null ? getMoneyAtAGlance(access) : Promise.resolve(null),
  ]);
  if (!band) return null;
  const stats = {
    members: band._count.memberships,
    ...(setup ? { songs: band._count.songs, setlists: band._count.setlists } : {}),
    upcomingEvents,
    answersOutstanding: { yours, ...(band_ === null ? {} : { band: band_ }) },
    // Pro bands: the viewer's own balance, and the band fund for those whose
    // finances:view grant shows band money (not a sub's "own-balance"). A free band: none.
    ...(money ? { money: moneyFigures(money) } : {}),
  };
  return { stats };
}

/** The viewer's own balance and, for those who see band money, the fund: as the stats and the dashboard show them. */
function moneyFigures(money: MoneyAtAGlance) {
  return { currency: money.currency, yoursMinor: money.yoursMinor, ...(money.fundMinor === undefined ? {} : { fundMinor: money.fundMinor }), ...(money.readOnly ? { readOnly: true as const } : {}) };
}

export type BandStats = NonNullable<Awaited<ReturnType<typeof getBandStats>>>;

// ---------------------------------------------------------------------------
// The dashboard's panels

/** "3 going · 1 maybe · 1 can’t make it · 2 no answer": the lineup's answers in one line. */
function countsLine(counts: ReturnType<typeof lineupCounts>) {
  if (!counts.booked) return "Nobody booked yet";
  const parts = [
    `${counts.going} going`,
    counts.maybe ? `${counts.maybe} maybe` : "",
    counts.no ? `${counts.no} can’t make it` : "",
    counts.waiting ? `${counts.waiting} no answer` : "",
  ];
  return parts.filter(Boolean).join(" · ");
}

function lineupCounts(answers: (string | null)[]) {
  const count = (answer: Answer) => answers.filter((a) => a === answer).length;
  return {
    going: count("going"),
    maybe: count("maybe"),
    no: count("no"),
    waiting: answers.filter((a) => !a).length,
    booked: answers.length,
  };
}

type Person = {
  displayName: string | null;
  user: { firstName: string | null; lastName: string | null; email: string };
};
const nameOf = (person: Person) => displayName({ ...person.user, displayName: person.displayName });

/** What every event the dashboard lists shows of it: its title and when it is. */
const EVENT_WHEN = { id: true, title: true, startsAt: true, endsAt: true, allDay: true } as const;

/** What the dashboard reads of a member: the name, and for the members preview the picture and places in the member order. */
const MEMBER_SELECT = {
  id: true,
  userId: true,
  displayName: true,
  role: true,
  // Their place in the one member order and in joining order (the avatar's colour),
  // stored by members/member-order.server.ts.
  listRank: true,
  joinRank: true,
  // As the band resolved them (a clash moved): the avatar's letters, made here, not in the browser.
  initials: true,
  user: { select: { id: true, firstName: true, lastName: true, email: true, profileImageUrl: true } },
} as const;

/**
 * The members the dashboard names, in one statement (and their users in one more): the
 * first `preview` in the one member order (its stored ranks), and the people a panel
 * names (who has not answered, who has a clash). A band whose order is not stored yet
 * (rows a script wrote) has them come back unranked; then everyone is read and sorted.
 * Otherwise never the whole band: names for 200 members cost more than the rest of the page.
 */
async function readNamedMembers(bandId: number, preview: number, named: number[]) {
  const rows = await db.bandMembership.findMany({
    where: { bandId, OR: [{ listRank: { lt: preview } }, { listRank: null }, ...(named.length ? [{ id: { in: named } }] : [])] },
    orderBy: { id: "asc" },
    select: MEMBER_SELECT,
  });
  const stored = rows.every((row) => row.listRank !== null && row.joinRank !== null);
  const everyone = stored ? rows : await db.bandMembership.findMany({ where: { bandId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: MEMBER_SELECT });
  const placed = everyone.map(({ user, listRank, joinRank, initials: letters, ...membership }, position) => ({
    position: stored ? joinRank! : position,
    initials: letters ?? initials({ ...user, displayName: membership.displayName }),
    listRank,
    membership,
    user,
  }));
  const first = stored ? placed.filter((member) => member.listRank! < preview).sort((a, b) => a.listRank! - b.listRank!) : sortMembers(placed).slice(0, preview);
  return {
    preview: first.map(({ listRank: _, ...member }) => member),
    nameById: new Map(everyone.map((member) => [member.id, nameOf(member)])),
    userOf: new Map(everyone.map((member) => [member.id, member.userId])),
  };
}

/**
 * Everything /dashboard shows: the next events with the viewer's answer and the
 * lineup's, answers waiting for them, blackout clashes ahead, the next gig's setlist,
 * songs added lately, money for Pro bands, for leaders and admins who has not answered
 * (with "Chase now"), gigs missing players and gigs without a setlist, and the band's
 * overview (counts, next steps, a preview of its members). A fixed number of queries for
 * any band (see DASHBOARD_LIMITS), and only the figures the page shows (the stats API
 * has its own, getBandStats). Null when the band or the viewer's membership is gone.
 */
export async function getDashboard(access: BandAccess, now = new Date(), { preview = 6 }: { preview?: number } = {}) {
  const abilities = dashboardAbilities(access);
  const L = DASHBOARD_LIMITS;
  const horizon = new Date(now.getTime() + L.horizonDays * DAY_MS);
  const bandId = access.band.id;
  const me = access.membership.id;
  const tz = access.band.timeZone;
  // A sub sees only the gigs they are booked on, so not even the band's counts and next steps.
  const setup = grantIn(access, "band:setup") !== null;

  // Blackouts are stored as local days; a day either side of today and the horizon in
  // UTC covers every zone, and each clash is then checked in the band's own days.
  const firstDay = addDays(now.toISOString().slice(0, 10), -1);
  const lastDay = addDays(horizon.toISOString().slice(0, 10), 1);

  // The onboarding status first: the root loader reads the same band row in the same
  // tick, and Prisma answers both findUnique calls with one statement.
  const onboardingRead = setup ? getOnboardingStatus(bandId) : Promise.resolve(null);
  const [onboarding, memberCount, money, yours, nextEvents, waiting, blackouts, nextGig, recentSongs, gigs, instruments] = await Promise.all([
    onboardingRead,
    // The onboarding status counts the members; a sub, who does not see it, gets the count alone.
    setup ? Promise.resolve(null) : db.bandMembership.count({ where: { bandId } }),
    grantIn(access, "finances:view") !== null ? getMoneyAtAGlance(access, { owedTop: L.owedTop }) : Promise.resolve(null),
    db.eventBooking.count({ where: ownOutstandingWhere(me, now) }),
    db.event.findMany({
      where: upcomingWhere(access, abilities, now, horizon),
      orderBy: [{ startsAt: "asc" }, { id: "asc" }],
      take: L.nextEvents,
      select: { ...EVENT_WHEN, kind: true, status: true, venueName: true, rsvpDeadline: true, cancelledAt: true },
    }),
    // The events themselves (one statement, not the bookings and then their events): a
    // person is booked once on an event.
    db.event.findMany({
      where: { ...openEventWhere(bandId, now), bookings: { some: { membershipId: me, rsvp: null } } },
      orderBy: [{ startsAt: "asc" }, { id: "asc" }],
      take: L.waiting,
      select: { ...EVENT_WHEN, rsvpDeadline: true },
    }),
    // Blackouts are the person's, in every band; read in this band's days. Leaders and
    // admins see the whole band's, everyone else their own.
    db.blackout.findMany({
      where: {
        ...(abilities.attention ? { user: { memberships: { some: { bandId } } } } : { userId: access.user.id }),
        endDate: { gte: firstDay },
        startDate: { lte: lastDay },
      },
      orderBy: [{ startDate: "asc" }, { id: "asc" }],
      take: L.blackouts,
      select: { userId: true, startDate: true, endDate: true, reason: true },
    }),
    db.event.findFirst({
      where: { ...upcomingWhere(access, abilities, now), kind: "gig" },
      orderBy: [{ startsAt: "asc" }, { id: "asc" }],
      select: {
        ...EVENT_WHEN,
        setlist: {
          select: {
            id: true,
            name: true,
            items: {
              select: {
                isBreak: true,
                breakSeconds: true,
                removedSeconds: true,
                song: { select: { durationSeconds: true } },
              },
            },
          },
        },
      },
    }),
    abilities.library
      ? db.song.findMany({
          where: {
            bandId,
            createdAt: {
              gte: new Date(now.getTime() - L.recentSongDays * DAY_MS),
            },
          },
          // Ids grow with creation: the newest first straight from the band's index.
          orderBy: { id: "desc" },
          take: L.recentSongs,
          select: { id: true, title: true, artist: true, createdAt: true },
        })
      : Promise.resolve([]),
    abilities.attention
      ? db.event.findMany({
          where: {
            bandId,
            kind: "gig",
            cancelledAt: null,
            startsAt: { gt: now, lt: horizon },
          },
          orderBy: [{ startsAt: "asc" }, { id: "asc" }],
          take: L.gigsChecked,
          select: { ...EVENT_WHEN, setlistId: true },
        })
      : Promise.resolve([]),
    abilities.attention ? bandInstruments(bandId) : Promise.resolve([] as string[]),
  ]);

  // The band went between the gate and here.
  if (setup && !onboarding) return null;

  // The second round, each a flat query or a relation over at most a few hundred rows
  // (never a list that grows with the band, which Prisma would split into several
  // statements past SQLite's bound parameters): the lineups of the next events and the
  // checked gigs, their answers, and the bookings of the people with blackouts ahead
  // (leaders and admins: everyone's; everyone else: their own).
  const lineupEventIds = [...new Set([...nextEvents.map((event) => event.id), ...gigs.map((gig) => gig.id)])];
  // The people whose bookings may clash: those with a blackout ahead (leaders and admins:
  // everyone's; everyone else: their own), by their user ids from the blackouts read
  // above (at most DASHBOARD_LIMITS.blackouts). SQLite walks each upcoming event's few
  // bookings and checks each one's person against the list, instead of following every
  // booking to its person's blackouts (issue 10).
  const blackedOut: Prisma.EventBookingWhereInput = {
    ...(abilities.attention ? {} : { membershipId: me }),
    membership: { userId: { in: [...new Set(blackouts.map((blackout) => blackout.userId))] } },
  };
  const [lineupRows, answerRows, clashEvents] = await Promise.all([
    db.eventBooking.findMany({ where: { eventId: { in: lineupEventIds } }, orderBy: { id: "asc" }, select: { id: true, eventId: true, membershipId: true, instrument: true } }),
    db.rsvp.findMany({ where: { booking: { eventId: { in: lineupEventIds } } }, select: { bookingId: true, answer: true } }),
    // From the events' side, soonest first along the band's (bandId, startsAt) index.
    db.event.findMany({
      where: { bandId, cancelledAt: null, startsAt: { gt: now, lt: horizon }, bookings: { some: blackedOut } },
      orderBy: [{ startsAt: "asc" }, { id: "asc" }],
      take: L.clashEvents,
      select: {
        ...EVENT_WHEN,
        bookings: { where: blackedOut, orderBy: { id: "asc" }, select: { membershipId: true } },
      },
    }),
  ]);
  const clashBookings = clashEvents.flatMap(({ bookings, ...event }) => bookings.map((booking) => ({ membershipId: booking.membershipId, event })));
  const answerOf = new Map(answerRows.map((row) => [row.bookingId, row.answer]));
  const lineups = new Map<number, { id: number; membershipId: number; instrument: string | null; answer: string | null }[]>();
  for (const row of lineupRows) lineups.set(row.eventId, [...(lineups.get(row.eventId) ?? []), { ...row, answer: answerOf.get(row.id) ?? null }]);
  const lineupOf = (eventId: number) => lineups.get(eventId) ?? [];

  // The third round: the members preview and the people the panels name (who has not
  // answered for the next events, whose booking may clash), never the whole band.
  const named = [
    ...new Set([
      ...(abilities.attention ? nextEvents.flatMap((event) => lineupOf(event.id).flatMap((booking) => (booking.answer ? [] : [booking.membershipId]))) : []),
      ...clashBookings.map((booking) => booking.membershipId),
    ]),
  ];
  const { preview: previewMembers, nameById, userOf } = await readNamedMembers(bandId, preview, named);

  // Coming up: each event with the viewer's answer (one tap) and the lineup's answers.
  const coming = nextEvents.map((event) => {
    const lineup = lineupOf(event.id);
    const mine = lineup.find((booking) => booking.membershipId === me);
    const window = answerWindow(event, now);
    // The viewer is "You" here as in the clashes.
    const unanswered = lineup.filter((booking) => !booking.answer).map((booking) => (booking.membershipId === me ? "You" : nameById.get(booking.membershipId) ?? ""));
    return {
      id: event.id,
      title: event.title,
      kind: event.kind,
      kindLabel: kindStyle(event.kind).label,
      tentative: event.status === "tentative",
      when: eventWhen(event, tz),
      onNow: event.startsAt <= now,
      venueName: event.venueName,
      counts: lineupCounts(lineup.map((booking) => booking.answer)),
      countsLine: countsLine(lineupCounts(lineup.map((booking) => booking.answer))),
      mine: mine
        ? {
            answer: mine.answer,
            open: window.open,
            closedReason: window.reason,
          }
        : null,
      // Leaders and admins: who has not answered, and whether "Chase now" applies.
      // Only while answers are open: an event under way asks nobody (its card says answers closed).
      unanswered: abilities.attention && window.open ? unanswered : [],
      chase: abilities.attention && chaseOffered(access, event, unanswered.length, now),
    };
  });

  const waitingForYou = waiting.map((event) => ({
    id: event.id,
    title: event.title,
    when: eventWhen(event, tz),
    deadline: event.rsvpDeadline ? `${pastDeadline(event, now) ? "answers were due" : "answer by"} ${formatDate(deadlineLastMoment(event.rsvpDeadline), tz)}` : null,
  }));

  // Blackout clashes: a booking on an event whose days (in the band's zone) meet a blackout of the person booked.
  const blackoutsOf = new Map<string, typeof blackouts>();
  for (const blackout of blackouts) blackoutsOf.set(blackout.userId, [...(blackoutsOf.get(blackout.userId) ?? []), blackout]);
  const clashes = clashBookings.flatMap(({ membershipId, event }) => {
    const end = event.endsAt ?? new Date(event.startsAt.getTime() + OPEN_ENDED_MINUTES * 60_000);
    // Any zone's days are within a day of UTC's: most bookings are ruled out without
    // working out the band's days (Intl, the costly part for a band of hundreds).
    const near = (blackoutsOf.get(userOf.get(membershipId) ?? "") ?? []).filter(
      (b) => b.startDate <= addDays(end.toISOString().slice(0, 10), 1) && b.endDate >= addDays(event.startsAt.toISOString().slice(0, 10), -1)
    );
    if (!near.length) return [];
    const days = daysOfRange(event.startsAt, end, tz);
    const hit = near.find((b) => b.startDate <= days.last && b.endDate >= days.first);
    if (!hit) return [];
    const isYou = membershipId === me;
    return [
      {
        event: { id: event.id, title: event.title, when: eventWhen(event, tz) },
        isYou,
        name: isYou ? "You" : nameById.get(membershipId) ?? "",
        days: formatDayRange(hit.startDate, hit.endDate),
        line: `${isYou ? "You have" : `${nameById.get(membershipId) ?? ""} has`} a blackout on ${formatDayRange(hit.startDate, hit.endDate)}`,
        reason: isYou || abilities.seeReasons ? hit.reason : null,
      },
    ];
  });

  const setlist =
    nextGig?.setlist && abilities.setlistOfBookedGig
      ? {
          id: nextGig.setlist.id,
          name: nextGig.setlist.name,
          songCount: nextGig.setlist.items.filter((item) => !item.isBreak).length,
          length: formatSetLength(nextGig.setlist.items.reduce((sum, item) => sum + itemSeconds(item), 0), nextGig.setlist.items.filter(lengthUnknown).length, breaksIn(nextGig.setlist.items)),
          // A sub sees a booked gig's setlist on the gig's page; the setlist pages are the band's.
          href: abilities.library ? `/setlists/${nextGig.setlist.id}` : `/events/${nextGig.id}`,
        }
      : null;

  // Gigs missing players: the event page's per-instrument coverage, for each checked gig.
  const gaps = gigs.flatMap((gig) => {
    const missing = instrumentCoverage(
      instruments,
      lineupOf(gig.id).map((row) => ({ instrument: row.instrument, answer: row.answer, name: "" }))
    ).flatMap((row) => (row.missing ? [row.missing] : []));
    return missing.length ? [{ id: gig.id, title: gig.title, when: eventWhen(gig, tz), missing }] : [];
  });
  const withoutSetlist = gigs.filter((gig) => gig.setlistId === null).map((gig) => ({ id: gig.id, title: gig.title, when: eventWhen(gig, tz) }));

  // The members preview: a sub sees bandmates' names, not their email addresses.
  const preview_ = previewMembers.map((member) => (seesContact(access, member.user.id) ? member : { ...member, user: { ...member.user, email: null } }));

  return {
    timeZone: tz,
    horizonDays: L.horizonDays,
    abilities,
    /** The band's overview: its counts and next steps for those who see its setup (band:setup), else the member count; the members preview. */
    overview: {
      counts: onboarding
        ? { members: onboarding.memberCount, songs: onboarding.songCount, setlists: onboarding.setlistCount, events: onboarding.eventCount }
        : { members: memberCount ?? 0 },
      progress: onboarding?.overallProgress ?? 0,
      // Links follow the permission table like the actions do.
      canManageMembers: grantIn(access, "members:manage") !== null,
      nextSteps: onboarding
        ? onboardingSteps(onboarding, access.membership.role)
            // What the viewer can do next (a member is not prompted to invite or record money).
            .flatMap((step) => (!step.done && step.href ? [{ ...step, href: step.href }] : []))
            .slice(0, 3)
        : [],
      members: preview_,
    },
    /** Pro bands: the viewer's own balance and, for those who see band money, the fund (as in the stats). */
    money: money ? moneyFigures(money) : null,
    /** Pro bands, leaders and admins: what the band owes its members (the panel links to settle-up). */
    owed: money?.owed ?? null,
    coming,
    waiting: { total: yours, events: waitingForYou },
    clashes: { total: clashes.length, rows: clashes.slice(0, 10) },
    nextGig: nextGig
      ? {
          id: nextGig.id,
          title: nextGig.title,
          when: eventWhen(nextGig, tz),
          onNow: nextGig.startsAt <= now,
          setlist,
        }
      : null,
    recentSongs: recentSongs.map((song) => ({
      id: song.id,
      title: song.title,
      artist: song.artist,
      added: formatDate(song.createdAt, tz),
    })),
    attention: abilities.attention
      ? {
          gigsChecked: gigs.length,
          instrumentsKnown: instruments.length > 0,
          gaps: { total: gaps.length, rows: gaps.slice(0, L.listed) },
          withoutSetlist: {
            total: withoutSetlist.length,
            rows: withoutSetlist.slice(0, L.listed),
          },
        }
      : null,
  };
}

export type Dashboard = NonNullable<Awaited<ReturnType<typeof getDashboard>>>;
