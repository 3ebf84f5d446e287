// `prisma generate` needs no schema engine, but the CLI tries to download one first
// unless PRISMA_SCHEMA_ENGINE_BINARY names an existing file (see the environment notes).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) env.PRISMA_SCHEMA_ENGINE_BINARY = fileURLToPath(import.meta.url);
const result = spawnSync("npx", ["prisma", "generate"], { stdio: "inherit", env });
process.exit(result.status ?? 1);
