/**
 * Runs `deploy()` (what `npm start` does before serving) at the wall-clock millisecond
 * given as the first argument, so scripts/lib/migration-lock.test.ts can start two of
 * them on one fresh database file at nearly the same moment. Prints "ok" or the error.
 */
import { deploy } from "../../scripts/db.ts";

const at = Number(process.argv[2]);
while (Date.now() < at) await new Promise((resolve) => setTimeout(resolve, 1));
try {
  await deploy();
  console.log("ok");
} catch (error) {
  console.log(String(error).split("\n")[0]);
  process.exitCode = 1;
}
