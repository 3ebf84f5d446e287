import * as ToastPrimitive from "@radix-ui/react-toast";
import { useEffect, useRef } from "react";
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, toastClasses, type ToastMessage } from "~/components/kit";

/** The Radix toasts, in a chunk of their own: the Toaster loads it with the first toast. */
export default function RadixToasts({
  toasts,
  dismiss,
  onLoad,
  focus,
}: {
  toasts: (ToastMessage & { open: boolean })[];
  dismiss: (id: string) => void;
  onLoad: () => void;
  /** Loaded by F8 (the Toaster's own listener, before Radix's was here): focus the region now. */
  focus: boolean;
}) {
  const viewport = useRef<HTMLOListElement>(null);
  // Once loaded it stays mounted, so the F8 region and later toasts need no new fetch.
  useEffect(onLoad, [onLoad]);
  useEffect(() => {
    if (focus) viewport.current?.focus();
    // Only as it arrives: later F8s are Radix's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => (open ? undefined : dismiss(t.id))}
          type={t.type === "destructive" ? "foreground" : "background"}
          className={`group pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-lg border p-4 pr-10 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[state=closed]:opacity-0 ${toastClasses(t.type)}`}
        >
          <div className="grid min-w-0 gap-1 [overflow-wrap:anywhere]">
            <ToastPrimitive.Title className="font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description ? <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description> : null}
          </div>
          {t.action ? (
            <ToastPrimitive.Action altText={t.action.altText} onClick={t.action.onClick} className="shrink-0 rounded-md border border-current px-3 py-1 text-sm font-medium">
              {t.action.label}
            </ToastPrimitive.Action>
          ) : null}
          <ToastPrimitive.Close aria-label="Close" className="absolute right-1 top-1 inline-flex h-8 w-8 items-center justify-center rounded opacity-70 hover:opacity-100">
            <span aria-hidden="true">×</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* Focused by F8, the region shows it: a ring, not the browser's outline around the whole strip. */}
      <ToastPrimitive.Viewport ref={viewport} className="fixed bottom-20 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none focus:ring-2 focus:ring-inset focus:ring-brand-700 md:bottom-0 md:max-w-toast" />
    </ToastPrimitive.Provider>
  );
}
