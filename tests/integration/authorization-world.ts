/**
 * The people and records the authorization test (authorization.test.ts) calls every
 * route as. One band holds a leader, an admin, a member and a sub; an outsider leads
 * another band; a platform admin leads a third; and a signed-out visitor.
 */
import { buildRequest, createBand, createUser, sessionCookieFor } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import { hashToken, randomToken } from "~/utils/crypto.server";
import { currentBandCookieHeader } from "~/features/bands/bands.server";
import type { Role } from "~/features/members/permissions";
import { recordTestMoney } from "#tests/helpers/finances";

export const ACTORS = ["leader", "admin", "member", "sub", "outsider", "platformAdmin", "anonymous"] as const;
export type Actor = (typeof ACTORS)[number];
export type SignedInActor = Exclude<Actor, "anonymous">;

/** The actors who belong to the band, with their role in it. */
export const BAND_ROLES = { leader: "band_leader", admin: "band_admin", member: "band_member", sub: "sub" } as const satisfies Record<string, Role>;
export type MemberActor = keyof typeof BAND_ROLES;

/**
 * Names in the band that nobody outside it may see, and the content titles a sub may
 * not see (nobody is booked on anything). A response that contains one leaks it.
 */
export const SECRETS = {
  band: "Authz Target Band",
  content: ["Authz Unbooked Gig", "Authz Unbooked Setlist", "Authz Unbooked Song"],
} as const;
const [EVENT_TITLE, SETLIST_NAME, SONG_TITLE] = SECRETS.content;

/** Ids a row can fill a route param with, by name (see `params` in the matrix). */
export const WORLD_REFS = [
  "band",
  "otherBand",
  "event",
  "setlist",
  "song",
  "invitation",
  "invitationToken",
  "leaderMembership",
  "adminMembership",
  "memberMembership",
  "subMembership",
  "outsiderMembership",
  // Finances (issue 9): a free band with the same four members, and a gig payment of the (Pro) band.
  "freeBand",
  "paymentEntry",
] as const;
export type WorldRef = (typeof WORLD_REFS)[number];

export type World = {
  band: { id: number; name: string };
  users: Record<SignedInActor, { id: string; email: string }>;
  ids: Record<WorldRef, string>;
  /** Cookie header for a fresh session of `actor` with the band (or the band with id `bandId`) as this browser's current band. */
  cookie(actor: Actor, bandId?: string): Promise<string | undefined>;
};

/** Makes a param for one request. */
export type MakeParam = (world: World, actor: Actor) => Promise<string> | string;
/** A route param: a world id by name, or made per call (for requests that delete or use up what they name). */
export type Param = WorldRef | MakeParam;

export async function buildWorld(): Promise<World> {
  const person = (firstName: string, isPlatformAdmin = false) => createUser({ firstName, lastName: "Authz", isPlatformAdmin });
  const users = {
    leader: await person("Leader"),
    admin: await person("Admin"),
    member: await person("Member"),
    sub: await person("Sub"),
    outsider: await person("Outsider"),
    platformAdmin: await person("Staff", true),
  };
  const band = await createBand({
    name: SECRETS.band,
    // Pro, so Finances shows each role its own view rather than the upgrade page.
    subscriptionTier: "pro",
    members: (Object.keys(BAND_ROLES) as MemberActor[]).map((actor) => ({ userId: users[actor].id, role: BAND_ROLES[actor] })),
  });
  const otherBand = await createBand({ name: "Authz Other Band", members: [{ userId: users.outsider.id, role: "band_leader" }] });
  await createBand({ name: "Authz Staff Band", members: [{ userId: users.platformAdmin.id, role: "band_leader" }] });
  // The admin area opens only with two-step sign-in on.
  await db.totpFactor.create({ data: { userId: users.platformAdmin.id, secret: "JBSWY3DPEHPK3PXP", enabledAt: new Date() } });

  const memberships = await db.bandMembership.findMany({ where: { bandId: { in: [band.id, otherBand.id] } }, select: { id: true, userId: true } });
  const membershipOf = (userId: string) => String(memberships.find((m) => m.userId === userId)!.id);
  const invitationToken = randomToken(32);
  const [event, setlist, song, invitation] = await Promise.all([
    db.event.create({ data: { bandId: band.id, title: EVENT_TITLE, kind: "gig", startsAt: inDays(7), createdById: users.leader.id } }),
    db.setlist.create({ data: { bandId: band.id, name: SETLIST_NAME, createdById: users.leader.id } }),
    db.song.create({ data: { bandId: band.id, title: SONG_TITLE, createdById: users.leader.id } }),
    createInvitation(band.id, users.leader.id, invitationToken),
  ]);

  const freeBand = await createBand({
    name: "Authz Free Band",
    members: (Object.keys(BAND_ROLES) as MemberActor[]).map((actor) => ({ userId: users[actor].id, role: BAND_ROLES[actor] })),
  });
  const paymentEntry = await recordTestMoney(band.id, "payment", 50_000, "Authz gig fee");
  await db.payment.update({ where: { entryId: paymentEntry.id }, data: { category: "gig", eventId: event.id } });

  const current = (await currentBandCookieHeader(band.id)).split(";")[0]!;
  return {
    band,
    users,
    ids: {
      band: String(band.id),
      otherBand: String(otherBand.id),
      event: String(event.id),
      setlist: String(setlist.id),
      song: String(song.id),
      invitation: String(invitation.id),
      invitationToken,
      leaderMembership: membershipOf(users.leader.id),
      adminMembership: membershipOf(users.admin.id),
      memberMembership: membershipOf(users.member.id),
      subMembership: membershipOf(users.sub.id),
      outsiderMembership: membershipOf(users.outsider.id),
      freeBand: String(freeBand.id),
      paymentEntry: String(paymentEntry.id),
    },
    // A fresh session per request: logout and refresh endpoints act on the one they get.
    cookie: async (actor, bandId) =>
      actor === "anonymous" ? undefined : `${await sessionCookieFor(users[actor].id)}; ${bandId ? (await currentBandCookieHeader(Number(bandId))).split(";")[0]! : current}`,
  };
}

function inDays(days: number) {
  return new Date(Date.now() + days * 86_400_000);
}

function createInvitation(bandId: number, invitedById: string, token: string, role: Role = "band_member") {
  return db.invitation.create({
    // Mailed a day ago (its week runs from then): a resend is not "a moment" after it.
    data: { bandId, email: `invitee-${randomToken(6)}@example.com`, role, tokenHash: hashToken(token), invitedById, expiresAt: inDays(6) },
  });
}

/**
 * Params made anew for every request, for routes that delete, accept or otherwise use up
 * what they name: each actor then acts on its own copy and the world stays intact.
 */
export const fresh = {
  event: (createdBy: MemberActor = "leader"): MakeParam => async (world) =>
    String((await db.event.create({ data: { bandId: world.band.id, title: EVENT_TITLE, kind: "gig", startsAt: inDays(14), createdById: world.users[createdBy].id } })).id),
  setlist: (createdBy: MemberActor = "leader"): MakeParam => async (world) =>
    String((await db.setlist.create({ data: { bandId: world.band.id, name: SETLIST_NAME, createdById: world.users[createdBy].id } })).id),
  song: (createdBy: MemberActor = "leader"): MakeParam => async (world) =>
    String((await db.song.create({ data: { bandId: world.band.id, title: SONG_TITLE, createdById: world.users[createdBy].id } })).id),
  /** The membership of a new user who holds `role` in the band. */
  membership: (role: Role): MakeParam => async (world) => {
    const user = await createUser({ firstName: "Extra", lastName: "Authz" });
    return String((await db.bandMembership.create({ data: { bandId: world.band.id, userId: user.id, role } })).id);
  },
  /** A pending invitation to the band, by id. */
  invitation: (role: Role = "band_member"): MakeParam => async (world) => String((await createInvitation(world.band.id, world.users.leader.id, randomToken(32), role)).id),
  /** A pending invitation to the band, by the token its link carries. */
  invitationToken: (role: Role = "band_member"): MakeParam => async (world) => {
    const token = randomToken(32);
    await createInvitation(world.band.id, world.users.leader.id, token, role);
    return token;
  },
  /** A new band in which the leader, admin, member and sub hold their usual roles (to delete or leave). */
  band: (): MakeParam => async (world) => {
    const members = (Object.keys(BAND_ROLES) as MemberActor[]).map((actor) => ({ userId: world.users[actor].id, role: BAND_ROLES[actor] }));
    return String((await createBand({ name: SECRETS.band, members })).id);
  },
};

/** Same-origin request for `actor`, each actor from its own address so no rate limit is shared. */
export function requestAs(actor: Actor, path: string, options: Parameters<typeof buildRequest>[1]) {
  return buildRequest(path, { ...options, peer: `10.0.0.${ACTORS.indexOf(actor) + 1}` });
}
