/**
 * Prisma's schema engine compiled to WebAssembly, driven through the better-sqlite3
 * driver adapter. The Prisma CLI wants to download a native engine that these offline
 * machines cannot reach; the WASM build does the same work and records into
 * `_prisma_migrations`, so `prisma migrate deploy` can take over wherever the native
 * engine is available. See docs/decisions/0001-offline-migrations.md.
 *
 * This is Prisma's internal interface: the package version is pinned exactly.
 */
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import Database from "better-sqlite3";
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";

const require = createRequire(import.meta.url);

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
export const SCHEMA_PATH = path.join(ROOT, "prisma/schema.prisma");
export const MIGRATIONS_DIR = path.join(ROOT, "prisma/migrations");

type Engine = {
  applyMigrations(input: unknown): Promise<{ appliedMigrationNames: string[] }>;
  diff(input: unknown): Promise<{ exitCode: number; stdout: string | null }>;
  free(): void;
};

let bg: Record<string, unknown> | undefined;

async function loadWasm() {
  if (bg) return bg;
  const pkgDir = path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg"));
  const glue = (await import("@prisma/schema-engine-wasm/schema_engine_bg")) as Record<string, unknown>;
  const bytes = fs.readFileSync(path.join(pkgDir, "schema_engine_bg.wasm"));
  const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": glue as WebAssembly.ModuleImports });
  (glue.__wbg_set_wasm as (exports: WebAssembly.Exports) => void)(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  bg = glue;
  return glue;
}

export function sqliteFileFromUrl(url: string) {
  const file = url.replace(/^file:/, "");
  return path.isAbsolute(file) ? file : path.resolve(ROOT, file);
}

type Disposable = { dispose(): Promise<void> };

async function openEngine(dbFile: string, schemaText: string) {
  const glue = await loadWasm();
  const SchemaEngine = glue.SchemaEngine as { new: (...args: unknown[]) => Promise<Engine> };
  // engine.free() does not close the connections the engine opened, and SQLite keeps
  // its lock while they live: track them so they can be closed afterwards.
  const factory = new PrismaBetterSqlite3({ url: `file:${dbFile}` });
  const opened: Disposable[] = [];
  const tracked: SqlMigrationAwareDriverAdapterFactory = {
    provider: "sqlite",
    adapterName: factory.adapterName,
    connect: async () => {
      const adapter = await factory.connect();
      opened.push(adapter);
      return adapter;
    },
    connectToShadowDb: async () => {
      const adapter = await factory.connectToShadowDb();
      opened.push(adapter);
      return adapter;
    },
  };
  const log = (message: string) => {
    if (process.env.DEBUG_SCHEMA_ENGINE) console.error(message);
  };
  const engine = await SchemaEngine.new({ datamodels: [["schema.prisma", schemaText]] }, log, bindMigrationAwareSqlAdapterFactory(tracked));
  return {
    engine,
    close: async () => {
      engine.free();
      await Promise.all(opened.map((adapter) => adapter.dispose()));
    },
  };
}

export function listMigrations() {
  if (!fs.existsSync(MIGRATIONS_DIR)) return [];
  return fs
    .readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(MIGRATIONS_DIR, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort();
}

function migrationsList() {
  const lockPath = path.join(MIGRATIONS_DIR, "migration_lock.toml");
  return {
    baseDir: MIGRATIONS_DIR,
    lockfile: {
      path: "migration_lock.toml",
      content: fs.existsSync(lockPath) ? fs.readFileSync(lockPath, "utf8") : null,
    },
    shadowDbInitScript: "",
    migrationDirectories: listMigrations().map((name) => ({
      path: name,
      migrationFile: {
        path: "migration.sql",
        content: { tag: "ok", value: fs.readFileSync(path.join(MIGRATIONS_DIR, name, "migration.sql"), "utf8") },
      },
    })),
  };
}

const FILTERS = { externalTables: [], externalEnums: [] };

/**
 * The migrations in prisma/migrations that the database has not finished applying,
 * read with a plain read-only connection (no schema engine, no lock).
 */
export function pendingMigrations(dbFile: string) {
  const sqlite = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const table = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'").get();
    if (!table) return listMigrations();
    const done = new Set(
      (sqlite.prepare("SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL").all() as { migration_name: string }[]).map(
        (row) => row.migration_name,
      ),
    );
    return listMigrations().filter((name) => !done.has(name));
  } finally {
    sqlite.close();
  }
}

/** Applies every pending migration to the database file; returns the names applied. */
export async function applyMigrations(dbFile: string) {
  const applied = await withEngine(dbFile, async (engine) => {
    const result = await engine.applyMigrations({ migrationsList: migrationsList(), filters: FILTERS });
    return result.appliedMigrationNames;
  });
  // WAL is a property of the database file: set once here, it holds for every later
  // connection (the app's included), so readers never wait for a writer.
  const sqlite = new Database(dbFile);
  try {
    sqlite.pragma("journal_mode = WAL");
  } finally {
    sqlite.close();
  }
  return applied;
}

/**
 * The SQL that brings a database at the latest migration in step with the schema
 * ("-- This is an empty migration." when nothing changed). `scratchDbFile` must be a
 * throwaway file: every migration is applied to it first.
 */
export async function diffSchemaAgainstMigrations(scratchDbFile: string) {
  return withEngine(scratchDbFile, async (engine, schemaText) => {
    await engine.applyMigrations({ migrationsList: migrationsList(), filters: FILTERS });
    const files = [{ path: SCHEMA_PATH, content: schemaText }];
    const result = await engine.diff({
      from: { tag: "schemaDatasource", files, configDir: ROOT },
      to: { tag: "schemaDatamodel", files },
      script: true,
      exitCode: null,
      filters: FILTERS,
    });
    return result.stdout ?? "";
  });
}

async function withEngine<T>(dbFile: string, work: (engine: Engine, schemaText: string) => Promise<T>) {
  fs.mkdirSync(path.dirname(dbFile), { recursive: true });
  const schemaText = fs.readFileSync(SCHEMA_PATH, "utf8");
  const { engine, close } = await openEngine(dbFile, schemaText);
  try {
    return await work(engine, schemaText);
  } finally {
    await close();
  }
}
