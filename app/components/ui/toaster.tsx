import { Suspense, lazy, useCallback, useEffect, useState } from "react";
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, toastClasses, type ToastMessage } from "./toast-style";

const RadixToasts = lazy(() => import("./radix-toasts"));

// Section 9 of the spec: one toast at a time, 5 s, swipe right past 50 px, F8.
export { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, TOAST_SWIPE_THRESHOLD_PX } from "./toast-style";
export type { ToastMessage };

let listener: ((toast: ToastMessage) => void) | null = null;
/** Shows a toast from anywhere in client code. */
export function showToast(toast: Omit<ToastMessage, "id"> & { id?: string }) {
  listener?.({ ...toast, id: toast.id ?? Math.random().toString(36).slice(2) });
}


/**
 * A server flash toast as plain HTML, for the page as the server sends it: browsers
 * without JavaScript keep it (it fades after the toast duration with CSS alone), and
 * hydration swaps it for the Radix toast. Not a <noscript>: browsers that disable
 * scripting per site still parse <noscript> as text.
 */
function StaticToast({ toast }: { toast: ToastMessage }) {
  return (
    <div className="static-toast fixed bottom-20 right-4 z-50 w-[calc(100%-2rem)] max-w-toast md:bottom-4">
      <div role="status" className={`rounded-lg border p-4 shadow-lg ${toastClasses(toast.type)}`}>
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
      </div>
    </div>
  );
}

export function Toaster({ toast, children }: { toast: ToastMessage | null; children?: React.ReactNode }) {
  const [toasts, setToasts] = useState<(ToastMessage & { open: boolean })[]>([]);
  const [hydrated, setHydrated] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const markLoaded = useCallback(() => setLoaded(true), []);

  const show = useCallback((next: Omit<ToastMessage, "id"> & { id?: string }) => {
    const id = next.id ?? Math.random().toString(36).slice(2);
    setToasts((current) => [{ ...next, id, open: true }, ...current.filter((t) => t.id !== id)].slice(0, TOAST_LIMIT));
  }, []);

  useEffect(() => {
    listener = show;
    return () => {
      if (listener === show) listener = null;
    };
  }, [show]);

  // A server flash toast joins the client queue only after hydration, so the first
  // client render matches the server's markup (the static fallback).
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setHydrated(true);
    if (toast) show(toast);
  }, [toast, show]);

  const dismiss = (id: string) => {
    setToasts((current) => current.map((t) => (t.id === id ? { ...t, open: false } : t)));
    setTimeout(() => setToasts((current) => current.filter((t) => t.id !== id || t.open)), TOAST_REMOVE_DELAY_MS);
  };

  return (
    <>
      {children}
      {toast && !hydrated ? <StaticToast toast={toast} /> : null}
      {toasts.length > 0 || loaded ? (
        // Radix (13 KB gzip) is fetched with the first toast, not with every page: until
        // it arrives the toast shows as the static markup.
        <Suspense fallback={toasts[0] ? <StaticToast toast={toasts[0]} /> : null}>
          <RadixToasts toasts={toasts} dismiss={dismiss} onLoad={markLoaded} />
        </Suspense>
      ) : null}
    </>
  );
}
