/**
 * The members page's "Group by instrument" view: one section per instrument,
 * alphabetical, a member who plays several under each, and everyone without an
 * instrument last. Counts include subs and say how many of them are subs, so a leader
 * sees at a glance that there is one drummer and two subs for bass.
 */

export const NO_INSTRUMENT = "No instrument yet";

export type InstrumentGroup<Member> = {
  instrument: string;
  members: Member[];
  count: number;
  subCount: number;
};

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

export function groupByInstrument<Member extends { role: string; instruments: string[] }>(members: Member[]): InstrumentGroup<Member>[] {
  // Case-insensitive, so "keytar" and "Keytar" (typed by two people) are one section.
  const groups = new Map<string, { instrument: string; members: Member[] }>();
  const without: Member[] = [];
  for (const member of members) {
    if (!member.instruments.length) without.push(member);
    for (const instrument of member.instruments) {
      const key = instrument.toLocaleLowerCase("en");
      const group = groups.get(key) ?? { instrument, members: [] };
      group.members.push(member);
      groups.set(key, group);
    }
  }
  const sections = [...groups.values()].sort((a, b) => collator.compare(a.instrument, b.instrument));
  if (without.length) sections.push({ instrument: NO_INSTRUMENT, members: without });
  return sections.map((section) => ({
    ...section,
    count: section.members.length,
    subCount: section.members.filter((member) => member.role === "sub").length,
  }));
}

/** "3 players, 2 of them subs" / "1 player" / "2 people" for the no-instrument section. */
export function groupCountLabel(group: Pick<InstrumentGroup<unknown>, "instrument" | "count" | "subCount">) {
  const noun = group.instrument === NO_INSTRUMENT ? (group.count === 1 ? "person" : "people") : group.count === 1 ? "player" : "players";
  const base = `${group.count} ${noun}`;
  if (!group.subCount) return base;
  if (group.subCount === group.count) return `${base}, ${group.count === 1 ? "a sub" : "all subs"}`;
  return `${base}, ${group.subCount} of them ${group.subCount === 1 ? "a sub" : "subs"}`;
}
