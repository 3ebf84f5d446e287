// Lives in ~/components/kit (one chunk for the UI every page draws, issue 11).
export { Avatar, cssUrl } from "~/components/kit";
export type { AvatarSize } from "~/components/kit";
