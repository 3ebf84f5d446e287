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

export function toastClasses(type: ToastMessage["type"]) {
  return type === "destructive" ? "border-red-700 bg-red-700 text-white" : "border-slate-200 bg-white text-slate-900";
}
