import * as ToastPrimitive from "@radix-ui/react-toast";
import { useCallback, useEffect, useState } from "react";

// Section 9 of the spec: one toast at a time, 5 s, swipe right past 50 px, F8.
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastMessage = {
  id: string;
  title: string;
  description?: string;
  type?: "default" | "destructive";
  action?: { label: string; altText: string; onClick: () => void };
};

let listener: ((toast: ToastMessage) => void) | null = null;
/** Shows a toast from anywhere in client code. */
export function showToast(toast: Omit<ToastMessage, "id"> & { id?: string }) {
  listener?.({ ...toast, id: toast.id ?? Math.random().toString(36).slice(2) });
}

function toastClasses(type: ToastMessage["type"]) {
  return type === "destructive"
    ? "border-red-700 bg-red-700 text-white"
    : "border-slate-200 bg-white text-slate-900";
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
      <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
        {toasts.map((t) => (
          <ToastPrimitive.Root
            key={t.id}
            open={t.open}
            onOpenChange={(open) => (open ? undefined : dismiss(t.id))}
            type={t.type === "destructive" ? "foreground" : "background"}
            className={`group pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-lg border p-4 pr-8 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[state=closed]:opacity-0 ${toastClasses(t.type)}`}
          >
            <div className="grid gap-1">
              <ToastPrimitive.Title className="font-semibold">{t.title}</ToastPrimitive.Title>
              {t.description ? <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description> : null}
            </div>
            {t.action ? (
              <ToastPrimitive.Action altText={t.action.altText} onClick={t.action.onClick} className="shrink-0 rounded-md border border-current px-3 py-1 text-sm font-medium">
                {t.action.label}
              </ToastPrimitive.Action>
            ) : null}
            <ToastPrimitive.Close aria-label="Close" className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100">
              <span aria-hidden="true">×</span>
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        ))}
        <ToastPrimitive.Viewport className="fixed bottom-20 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none md:bottom-0 md:max-w-toast" />
      </ToastPrimitive.Provider>
    </>
  );
}
