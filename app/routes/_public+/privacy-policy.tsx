import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getPage } from "~/features/content/content.server";
import { LegalPage } from "~/features/content/components/legal-page";
import { appOrigin } from "~/utils/request.server";
import { publicPageMeta } from "~/utils/public-meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const page = await getPage("privacy-policy");
  return { page: { ...page.meta, href: page.href, html: page.html, displayDate: page.displayDate }, origin: appOrigin(request) };
}

export default function PrivacyPolicy() {
  const { page } = useLoaderData<typeof loader>();
  return <LegalPage page={page} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? publicPageMeta({ title: data.page.title, description: data.page.description, origin: data.origin, path: data.page.href })
    : [{ title: "Privacy Policy | Bandroom" }];
