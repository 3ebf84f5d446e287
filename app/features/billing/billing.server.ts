import { grantIn, type BandAccess } from "~/features/bands/access.server";
import { listLeaderNames } from "~/features/members/members.server";
import { PRO_PRICE_USD } from "./plans";

/** The band's plan, and whether this member may change it (band:billing) or must ask its leaders. */
export async function getSubscription(access: BandAccess) {
  return {
    isPro: access.band.isPro,
    proPrice: PRO_PRICE_USD,
    mayChangePlan: grantIn(access, "band:billing") !== null,
    leaders: await listLeaderNames(access.band.id),
  };
}
