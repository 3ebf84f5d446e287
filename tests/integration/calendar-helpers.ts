/** Bands, people and events for the calendar part B tests (conflicts, availability, reminders, feeds). */
import { bandCookie, buildRequest, createBand, createUser, sessionCookieFor } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import { requireBandAccess } from "~/features/bands/access.server";
import type { Permission } from "~/features/members/permissions";

export type Person = { id: string; email: string; firstName: string; cookie: string; membershipId: number };

export async function person(firstName: string, lastName = "Player") {
  const user = await createUser({ firstName, lastName });
  return { ...user, cookie: await sessionCookieFor(user.id) };
}

/** A band in `timeZone` with the given people in roles, each playing the instruments listed. */
export async function bandWith(name: string, timeZone: string, people: { user: { id: string }; role: string; instruments?: string[] }[]) {
  const band = await createBand({ name, members: people.map((p) => ({ userId: p.user.id, role: p.role })) });
  await db.band.update({ where: { id: band.id }, data: { timeZone } });
  const memberships = await db.bandMembership.findMany({ where: { bandId: band.id }, select: { id: true, userId: true } });
  const membershipOf = (userId: string) => memberships.find((m) => m.userId === userId)!.id;
  for (const p of people) {
    for (const instrument of p.instruments ?? []) await db.membershipInstrument.create({ data: { membershipId: membershipOf(p.user.id), instrument } });
  }
  return { ...band, timeZone, membershipOf };
}

export async function accessAs(userId: string, bandId: number, permission: Permission = "band:view") {
  const cookie = `${await sessionCookieFor(userId)}; ${await bandCookie(bandId)}`;
  return requireBandAccess(buildRequest("/calendar", { cookie }), { band: bandId, permission });
}

export async function eventWith(bandId: number, fields: { title: string; startsAt: Date; endsAt?: Date | null; kind?: string; booked?: number[]; cancelled?: boolean; rsvpDeadline?: Date; allDay?: boolean }) {
  return db.event.create({
    data: {
      bandId,
      title: fields.title,
      kind: fields.kind ?? "gig",
      startsAt: fields.startsAt,
      endsAt: fields.endsAt ?? null,
      allDay: fields.allDay ?? false,
      cancelledAt: fields.cancelled ? new Date() : null,
      rsvpDeadline: fields.rsvpDeadline ?? null,
      bookings: { create: (fields.booked ?? []).map((membershipId) => ({ membershipId })) },
    },
    select: { id: true, title: true, startsAt: true, endsAt: true, bookings: { select: { id: true, membershipId: true } } },
  });
}
