/**
 * Can the band field its usual lineup: one player per instrument the band has, each
 * person covering at most one instrument? A maximum bipartite matching (Kuhn's
 * augmenting paths) between instruments and the free people who play them: a guitarist
 * who also plays bass cannot be both. Instruments are few, so this is cheap.
 */
export function fieldLineup(instruments: string[], players: { id: number; instruments: string[] }[]) {
  return matchLineup(instruments, (instrument) => players.filter((p) => p.instruments.includes(instrument)).map((p) => p.id));
}

/** fieldLineup with the players of each instrument given (ids, in order of preference): once per instrument. */
export function matchLineup(instruments: string[], playersOfInstrument: (instrument: string) => number[]) {
  const playersOf = new Map(instruments.map((instrument) => [instrument, playersOfInstrument(instrument)]));
  const assigned = new Map<number, string>(); // player → instrument
  const tryAssign = (instrument: string, seen: Set<number>): boolean => {
    for (const player of playersOf.get(instrument) ?? []) {
      if (seen.has(player)) continue;
      seen.add(player);
      const current = assigned.get(player);
      if (current === undefined || tryAssign(current, seen)) {
        assigned.set(player, instrument);
        return true;
      }
    }
    return false;
  };
  const uncovered = instruments.filter((instrument) => !tryAssign(instrument, new Set()));
  /** Instruments nobody free plays at all ("no drummer"), a subset of `uncovered`. */
  const nobody = instruments.filter((instrument) => !(playersOf.get(instrument) ?? []).length);
  /** Who covers what in the matching found (player → instrument): a lineup to book. */
  return { complete: uncovered.length === 0, uncovered, nobody, assigned };
}
