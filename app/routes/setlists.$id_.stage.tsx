import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useSyncExternalStore } from "react";
import { stageLoader, type StageCue } from "~/features/setlists/stage.server";
import { clampAt } from "~/features/setlists/stage";
import { pageTitle, RouteErrorBoundary } from "~/components/kit";

/**
 * /setlists/{id}/stage: stage mode, outside the app shell so the whole screen is the
 * setlist. One cue (song or break) per screen in big type on black, with key, tempo and
 * the item's note; Previous and Next are plain links (?at=N), so it works without
 * JavaScript. With it: arrow keys, space and a page-turner pedal's PageUp/PageDown, taps
 * on the left or right of the screen, the screen kept awake, and the page kept by the
 * service worker for a gig with no signal (docs/decisions/0012-stage-mode-offline.md).
 * Same access as the setlist: a sub only for a gig they are booked on.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return stageLoader(request, params.id);
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [...pageTitle(data ? `${data.setlist.name} — stage` : "Stage", error), { name: "theme-color", content: "#000000" }];

export const ErrorBoundary = RouteErrorBoundary;

const NEXT_KEYS = new Set(["ArrowRight", "ArrowDown", "PageDown", " "]);
const PREVIOUS_KEYS = new Set(["ArrowLeft", "ArrowUp", "PageUp"]);
const AT_EVENT = "stage-at";

function subscribeToAt(onChange: () => void) {
  window.addEventListener(AT_EVENT, onChange);
  window.addEventListener("popstate", onChange);
  return () => {
    window.removeEventListener(AT_EVENT, onChange);
    window.removeEventListener("popstate", onChange);
  };
}

function readUrlAt() {
  return new URLSearchParams(window.location.search).get("at");
}

export default function StagePage() {
  const { setlist, cues, at: loadedAt } = useLoaderData<typeof loader>();
  const count = cues.length;
  // The cue on screen is the address's ?at= (the service worker may answer offline with
  // the copy it kept of another one); moving rewrites the address without a request.
  const urlAt = useSyncExternalStore(subscribeToAt, readUrlAt, () => null);
  const at = urlAt === null ? loadedAt : clampAt(urlAt, count);

  useEffect(() => {
    const current = () => {
      const param = readUrlAt();
      return param === null ? loadedAt : clampAt(param, count);
    };
    const go = (to: number) => {
      const url = new URL(window.location.href);
      url.searchParams.set("at", String(clampAt(String(to), count)));
      window.history.replaceState(window.history.state, "", url);
      window.dispatchEvent(new Event(AT_EVENT));
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || (event.target as HTMLElement | null)?.closest?.("input, textarea, select")) return;
      const back = PREVIOUS_KEYS.has(event.key) || (event.key === " " && event.shiftKey);
      const step = back ? -1 : NEXT_KEYS.has(event.key) ? 1 : 0;
      if (!step) return;
      event.preventDefault();
      go(current() + step);
    };
    // Taps: the left third goes back, the rest forward; other links keep their own job.
    const onClick = (event: MouseEvent) => {
      const target = event.target as HTMLElement | null;
      const move = target?.closest<HTMLElement>("[data-stage-move]");
      if (move) {
        event.preventDefault();
        go(Number(move.dataset.stageMove));
        return;
      }
      if (!target?.closest("[data-stage-tap]") || target.closest("a, button")) return;
      go(current() + (event.clientX < window.innerWidth / 3 ? -1 : 1));
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, [count, loadedAt]);

  useWakeLock();
  useKeepOffline();

  const cue = cues[at - 1];
  const next = cues[at];
  return (
    <div className="flex min-h-screen flex-col bg-black text-white">
      <header className="flex items-center justify-between gap-3 border-b border-neutral-800 px-4 py-2 text-lg">
        <a href={`/setlists/${setlist.id}`} className="min-w-0 truncate rounded px-2 py-1 font-semibold text-neutral-200 underline underline-offset-4 focus-visible:outline focus-visible:outline-4 focus-visible:outline-yellow-300">
          ← {setlist.name}
        </a>
        <span className="shrink-0 tabular-nums text-neutral-300" aria-live="polite">
          {count ? `${at} / ${count}` : ""}
        </span>
      </header>
      <main data-stage-tap="" className="flex min-w-0 flex-1 cursor-pointer select-none flex-col justify-center wrap-anywhere px-5 py-6 sm:px-10">
        {cue ? <Cue cue={cue} /> : <p className="text-4xl font-bold">This setlist has no songs yet.</p>}
        {next ? (
          <p className="mt-10 text-2xl text-neutral-300 sm:text-3xl">
            <span className="text-neutral-400">Next{next.setStart ? ` (${next.set})` : ""}: </span>
            <span className="font-semibold text-white">{next.title}</span>
            {next.key ? <span className="text-yellow-300"> · {next.key}</span> : null}
          </p>
        ) : cue ? (
          <p className="mt-10 text-2xl text-neutral-300 sm:text-3xl">End of the show</p>
        ) : null}
      </main>
      <nav aria-label="Songs" className="grid grid-cols-2 gap-px border-t border-neutral-800 bg-neutral-800 text-2xl font-bold">
        <MoveLink to={at - 1} enabled={at > 1} label="‹ Previous" />
        <MoveLink to={at + 1} enabled={at < count} label="Next ›" />
      </nav>
    </div>
  );
}

function Cue({ cue }: { cue: StageCue }) {
  return (
    <div>
      <p className="text-xl font-semibold uppercase tracking-wide text-sky-300 sm:text-2xl">{cue.setStart ? `${cue.set} starts` : cue.set}</p>
      <h1 className={`mt-2 text-5xl font-black leading-tight sm:text-7xl ${cue.isBreak ? "text-sky-300" : ""}`}>{cue.title}</h1>
      {cue.artist ? <p className="mt-2 text-2xl text-neutral-300 sm:text-3xl">{cue.artist}</p> : null}
      <dl className="mt-6 flex flex-wrap gap-x-8 gap-y-3 text-3xl sm:text-4xl">
        {cue.key ? <Fact label="Key" value={cue.key} /> : null}
        {cue.tempo ? <Fact label="Tempo" value={`${cue.tempo} BPM`} /> : null}
        {cue.length ? <Fact label="Length" value={cue.length} /> : null}
      </dl>
      {cue.note ? <p className="mt-6 rounded-lg border-2 border-yellow-300 px-4 py-3 text-3xl font-semibold text-yellow-200 sm:text-4xl">{cue.note}</p> : null}
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-baseline gap-2">
      <dt className="text-xl text-neutral-400">{label}</dt>
      <dd className="font-bold text-yellow-300">{value}</dd>
    </div>
  );
}

function MoveLink({ to, enabled, label }: { to: number; enabled: boolean; label: string }) {
  const className = "flex min-h-[72px] items-center justify-center bg-black px-4 py-4";
  // Readable on black (not a faint grey), and said to be unavailable.
  if (!enabled) return <span aria-disabled="true" className={`${className} text-neutral-400`}>{label}</span>;
  return (
    <a href={`?at=${to}`} data-stage-move={to} rel="nofollow" className={`${className} text-white hover:bg-neutral-900 focus-visible:outline focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-yellow-300`}>
      {label}
    </a>
  );
}

type WakeLockSentinelLike = { release: () => Promise<void> };

/** Keeps the screen on while stage mode is showing, where the browser can (it drops the lock when the tab hides). */
function useWakeLock() {
  useEffect(() => {
    const wakeLock = (navigator as Navigator & { wakeLock?: { request: (type: "screen") => Promise<WakeLockSentinelLike> } }).wakeLock;
    if (!wakeLock) return;
    let sentinel: WakeLockSentinelLike | null = null;
    let stopped = false;
    const request = () => {
      if (document.visibilityState !== "visible") return;
      wakeLock
        .request("screen")
        .then((lock) => {
          if (stopped) void lock.release();
          else sentinel = lock;
        })
        .catch(() => undefined);
    };
    request();
    document.addEventListener("visibilitychange", request);
    return () => {
      stopped = true;
      document.removeEventListener("visibilitychange", request);
      void sentinel?.release().catch(() => undefined);
    };
  }, []);
}

/**
 * Asks the service worker (registered by the app for every signed-in page) to keep this
 * page and its scripts and styles, so it opens again with no signal. The first visit
 * loads before the worker controls the page, so the worker fetches its own copy.
 */
function useKeepOffline() {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    let cancelled = false;
    void navigator.serviceWorker.ready.then((registration) => {
      if (cancelled) return;
      const assets = [...document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>("link[rel=modulepreload], link[rel=stylesheet], script[src]")].map((element) => ("href" in element ? element.href : element.src));
      registration.active?.postMessage({ type: "stage-keep", url: window.location.pathname, assets });
    });
    return () => {
      cancelled = true;
    };
  }, []);
}
