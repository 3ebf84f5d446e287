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

  const demo = await db.user.findUniqueOrThrow({ where: { email: DEMO_EMAIL }, select: { id: true, preferredBandId: true } });
  if (demo.preferredBandId === null) {
    const lateShift = await db.band.findFirst({ where: { name: "The Late Shift", memberships: { some: { userId: demo.id } } }, select: { id: true } });
    if (lateShift) await db.user.update({ where: { id: demo.id }, data: { preferredBandId: lateShift.id } });
  }
}
