/**
 * What the /members page's loader and action call on the server, in one import. The
 * browser build swaps each `.server` import for an empty stand-in, one per import path,
 * and a path that other routes import too becomes a script of its own (about 110 bytes
 * gzip): six of them put /members over its 100 KB budget (issue 11). Imported through
 * this module, the page's one stand-in stays inside its own script. The functions live
 * in their area modules; this only gathers them.
 */
export { data } from "@remix-run/node";
export { parseWithZod } from "~/utils/submission";
export { requireBandAccess, requireFormBandAccess, type BandAccess } from "~/features/bands/access.server";
export { currentBandCookieHeader } from "~/features/bands/bands.server";
export {
  countLeaders,
  inviteMember,
  justTransferredTo,
  leaveBand,
  listMembers,
  listMembersPage,
  listPendingInvitations,
  mayManageInvitation,
  memberAbilities,
  memberName,
  membersPageAbilities,
  MESSAGES,
  removeMember,
  resolveMemberInitials,
  resendInvitation,
  revokeInvitation,
  seesContact,
  transferLeadership,
  updateMembership,
  type MemberPageItem,
} from "~/features/members/members.server";
export { appOrigin } from "~/utils/request.server";
export { redirectWithToast, thrownStatus } from "~/utils/toast.server";
export { formatDate } from "~/utils/dates";
export { parseId } from "~/utils/ids";
