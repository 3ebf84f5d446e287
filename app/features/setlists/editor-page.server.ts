/**
 * What the setlist editor's loader and action (/setlists/{id}) call on the server, in one
 * import (decision 0010). The browser build swaps each `.server` import for an empty
 * stand-in, one per import path, and a path other routes import too becomes a script of
 * its own: the editor, the page closest to the 100 KB budget, loaded three such scripts
 * (@remix-run/node, toast.server and the setlist modules). Imported through this module,
 * its one stand-in stays inside its own script. The functions live in their area modules.
 */
export { data, redirect } from "@remix-run/node";
export { editorPermission, editorView, otherBandThanCurrent, setlistAccess, submitEditorForm } from "./editor.server";
export { SETLIST_NOT_FOUND } from "./setlists.server";
export { redirectWithToast, unlessGone } from "~/utils/toast.server";
