/**
 * One of the processes db.server.test.ts starts on a shared database file: runs
 * read-then-write transactions (the band settings save, and a read–wait–increment) as
 * fast as it can and prints how many succeeded and what failed, as JSON.
 */
import { updateBandSettings } from "~/features/bands/settings.server";
import { db } from "~/utils/db.server";

const bandId = Number(process.env.BAND_ID);
const counterBandId = Number(process.env.COUNTER_BAND_ID);
const rounds = Number(process.env.ROUNDS ?? 40);
const label = process.env.LABEL ?? "writer";
const errors: string[] = [];
let saved = 0;

for (let i = 0; i < rounds; i++) {
  try {
    const result = await updateBandSettings(bandId, { name: `${label} ${i}`, timeZone: "Europe/London", currency: "GBP" });
    if (result.status === "saved") saved++;
    else errors.push(result.status);
    await db.$transaction(async (tx) => {
      const counter = await tx.band.findUniqueOrThrow({ where: { id: counterBandId }, select: { name: true } });
      await new Promise((resolve) => setTimeout(resolve, 2));
      await tx.band.update({ where: { id: counterBandId }, data: { name: String(Number(counter.name) + 1) } });
    });
    saved++;
  } catch (error) {
    errors.push(error instanceof Error ? error.message.split("\n").filter(Boolean).slice(-1)[0]! : String(error));
  }
}
console.log(JSON.stringify({ saved, errors }));
await db.$disconnect();
