/**
 * Starts the production build (remix-serve ./build/index.js, as `npm start` does) on a
 * free port with its own fresh, seeded database and mail outbox, for tests of what only
 * the built server does: the network edge (client address, Host handling, body limits,
 * headers). Several of these behave differently in vitest, which never runs the build.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ensureProductionBuild } from "../../scripts/lib/build.ts";
import { ROOT } from "../e2e/e2e-env.ts";

export const DEMO_EMAIL = "demo@bandroom.app";
export const DEMO_PASSWORD = "Bandroom-demo-1";

export type BuiltServer = {
  port: number;
  origin: string;
  outboxDir: string;
  /** Everything the server printed so far (stdout and stderr). */
  log: () => string;
  stop: () => Promise<void>;
};

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const bin = (name: string) => path.join(ROOT, "node_modules/.bin", name);

/** The environment of a fresh install in `dir`, plus `env` (undefined deletes a variable). */
function serverEnv(dir: string, port: number, env: Record<string, string | undefined>) {
  const merged: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATABASE_URL: `file:${path.join(dir, "app.db")}`,
    MAIL_OUTBOX_DIR: path.join(dir, "outbox"),
    SESSION_SECRET: "built-server-test-secret",
    SMTP_URL: undefined,
    APP_URL: undefined,
    TRUST_PROXY: undefined,
    TRUST_PROXY_HOPS: undefined,
    ...env,
  };
  return Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)) as NodeJS.ProcessEnv;
}

/** Runs the built server the way a deployment would; `seed` adds the demo data first. */
export async function startBuiltServer(options: { env?: Record<string, string | undefined>; seed?: boolean } = {}): Promise<BuiltServer> {
  ensureProductionBuild("[built-server]");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bandroom-built-"));
  const port = await freePort();
  const env = serverEnv(dir, port, options.env ?? {});
  const prepared = spawnSync(bin("tsx"), ["scripts/db.ts", options.seed === false ? "deploy" : "seed"], { cwd: ROOT, env, encoding: "utf8" });
  if (prepared.status !== 0) throw new Error(`Preparing the database failed:\n${prepared.stdout}${prepared.stderr}`);

  const child = spawn(bin("remix-serve"), ["./build/index.js"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const server: BuiltServer = {
    port,
    origin: `http://localhost:${port}`,
    outboxDir: path.join(dir, "outbox"),
    log: () => output,
    stop: async () => {
      await stopChild(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await waitForListening(port, child, () => output);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/** Runs the built server expecting it to refuse to start; resolves with its exit code and output. */
export async function startBuiltServerExpectingFailure(env: Record<string, string | undefined>) {
  ensureProductionBuild("[built-server]");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bandroom-built-"));
  const port = await freePort();
  const result = spawnSync(bin("remix-serve"), ["./build/index.js"], { cwd: ROOT, env: serverEnv(dir, port, env), encoding: "utf8", timeout: 30_000 });
  fs.rmSync(dir, { recursive: true, force: true });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function stopChild(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
  });
}

async function waitForListening(port: number, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The built server exited with code ${child.exitCode}:\n${output()}`);
    if (/\[remix-serve\] http:\/\/localhost/.test(output())) {
      const status = await send({ port, path: "/robots.txt" }).then((r) => r.status, () => 0);
      if (status > 0) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The built server did not start within 60 s:\n${output()}`);
}

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * One HTTP request with node:http, so a test chooses what a browser or fetch would not
 * let it: the source address (`localAddress`, e.g. 127.0.0.2), any Host header, any method.
 */
export function send(options: {
  port: number;
  path: string;
  method?: string;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
  localAddress?: string;
}): Promise<RawResponse> {
  const headers = { ...options.headers };
  const lower = Object.keys(headers).map((name) => name.toLowerCase());
  if (options.body !== undefined && !lower.includes("content-length") && !lower.includes("transfer-encoding")) {
    headers["content-length"] = String(Buffer.byteLength(options.body));
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: options.port,
        path: options.path,
        method: options.method ?? "GET",
        headers,
        localAddress: options.localAddress,
        agent: false,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`Timed out: ${options.method ?? "GET"} ${options.path}`)));
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** Signs the demo leader in through /api and returns the session cookie ("bandroom_session=…"). */
export async function demoSessionCookie(server: BuiltServer) {
  const login = await send({
    port: server.port,
    path: "/api/auth/login",
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  const cookie = String(login.headers["set-cookie"]?.[0] ?? "").split(";")[0]!;
  if (!cookie.startsWith("bandroom_session=")) throw new Error(`Signing the demo user in failed: ${login.status} ${login.body.slice(0, 200)}`);
  return cookie;
}

/** Every mail the server wrote to its outbox, oldest first, as raw text. */
export function outbox(server: BuiltServer) {
  if (!fs.existsSync(server.outboxDir)) return [];
  return fs
    .readdirSync(server.outboxDir)
    .sort()
    .map((file) => fs.readFileSync(path.join(server.outboxDir, file), "utf8"));
}
