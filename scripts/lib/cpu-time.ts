/**
 * The benchmarks' clock: CPU time of this process for one call (the loaders and their
 * SQLite work: better-sqlite3 runs in this process), not wall time, so it hardly moves
 * when other work shares the machine.
 */
export async function cpuMs(fn: () => Promise<unknown>) {
  const start = process.cpuUsage();
  await fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** The middle value. */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
