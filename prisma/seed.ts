/**
 * Demo data that shows the product off. Idempotent: people are matched by email and
 * bands by name plus leader, so seeding twice changes nothing.
 */
import { db } from "~/utils/db.server";
import { hashPassword } from "~/features/auth/password.server";

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

  const demo = await db.user.findUniqueOrThrow({ where: { email: DEMO_EMAIL }, select: { id: true, preferredBandId: true } });
  if (demo.preferredBandId === null) {
    const lateShift = await db.band.findFirst({ where: { name: "The Late Shift", memberships: { some: { userId: demo.id } } }, select: { id: true } });
    if (lateShift) await db.user.update({ where: { id: demo.id }, data: { preferredBandId: lateShift.id } });
  }
}
