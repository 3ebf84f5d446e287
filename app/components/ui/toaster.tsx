// Lives in ~/components/kit (one chunk for the UI every page draws, issue 11).
export { showToast, Toaster, TOAST_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, TOAST_SWIPE_THRESHOLD_PX } from "~/components/kit";
export type { ToastMessage } from "~/components/kit";
