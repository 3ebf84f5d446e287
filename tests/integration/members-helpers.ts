/** A band with one member of every role, for the members tests (page, API, invitations). */
import { expect } from "vitest";
import { bandCookie, buildRequest, createBand, createUser, readOutbox, sessionCookieFor } from "#tests/db-utils";
import { db } from "~/utils/db.server";

export type Role = "band_leader" | "band_admin" | "band_member" | "sub";


export async function bandWithEveryRole(name = "The Late Shift") {
  const leader = await createUser({ firstName: "Lena", lastName: "Leader" });
  const admin = await createUser({ firstName: "Adam", lastName: "Admin" });
  const member = await createUser({ firstName: "Bea", lastName: "Member" });
  const sub = await createUser({ firstName: "Cy", lastName: "Sub" });
  const band = await createBand({
    name,
    members: [
      { userId: leader.id, role: "band_leader" },
      { userId: admin.id, role: "band_admin" },
      { userId: member.id, role: "band_member" },
      { userId: sub.id, role: "sub" },
    ],
  });
  const rows = await db.bandMembership.findMany({ where: { bandId: band.id }, select: { id: true, userId: true } });
  const idOf = (userId: string) => rows.find((row) => row.userId === userId)!.id;
  const current = await bandCookie(band.id);
  const cookieOf = async (userId: string) => `${await sessionCookieFor(userId)}; ${current}`;
  return {
    band,
    users: { band_leader: leader, band_admin: admin, band_member: member, sub },
    memberships: { band_leader: idOf(leader.id), band_admin: idOf(admin.id), band_member: idOf(member.id), sub: idOf(sub.id) },
    cookies: {
      band_leader: await cookieOf(leader.id),
      band_admin: await cookieOf(admin.id),
      band_member: await cookieOf(member.id),
      sub: await cookieOf(sub.id),
    },
  };
}

export type World = Awaited<ReturnType<typeof bandWithEveryRole>>;

/** A band of someone else's, with its leader's membership id. */
export async function otherBand() {
  const stranger = await createUser({ firstName: "Sam", lastName: "Stranger" });
  const band = await createBand({ name: "Somebody Else", members: [{ userId: stranger.id, role: "band_leader" }] });
  const membership = await db.bandMembership.findFirstOrThrow({ where: { bandId: band.id }, select: { id: true } });
  return { stranger, band, membershipId: membership.id, cookie: `${await sessionCookieFor(stranger.id)}; ${await bandCookie(band.id)}` };
}

/** A POST of the /members page's form. */
export function membersForm(cookie: string | undefined, form: Record<string, string | string[]>, search = "") {
  return buildRequest(`/members${search}`, { method: "POST", cookie, form });
}

/** The newest invitation link mailed to `to`, with its token. */
export function mailedInvite(to: string) {
  const mail = readOutbox()
    .filter((m) => m.to === to && m.link?.includes("/invitations/"))
    .at(-1);
  expect(mail, `an invitation mail to ${to}`).toBeTruthy();
  const url = mail!.link!;
  return { mail: mail!, url, token: decodeURIComponent(url.split("/invitations/")[1]!) };
}

export async function roleOf(membershipId: number) {
  return (await db.bandMembership.findUnique({ where: { id: membershipId }, select: { role: true } }))?.role ?? null;
}

export async function trackedEvents(name: string, userId: string) {
  return db.analyticsEvent.findMany({ where: { name, userId }, select: { name: true, userId: true, bandId: true, properties: true } });
}
