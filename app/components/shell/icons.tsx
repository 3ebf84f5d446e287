// Lives in ~/components/kit (one chunk for the UI every page draws, issue 11).
export { Icon } from "~/components/kit";
export type { IconName } from "~/components/kit";
