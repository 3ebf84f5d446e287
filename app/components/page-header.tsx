// Lives in ~/components/kit (one chunk for the UI every page draws, issue 11).
export { PageHeader } from "~/components/kit";
