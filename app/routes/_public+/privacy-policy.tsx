import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getPage } from "~/features/content/content.server";
import { LegalPage } from "~/features/content/components/legal-page";

export async function loader() {
  const page = await getPage("privacy-policy");
  return { page: { ...page.meta, html: page.html, displayDate: page.displayDate } };
}

export default function PrivacyPolicy() {
  const { page } = useLoaderData<typeof loader>();
  return <LegalPage page={page} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.page.title ?? "Privacy Policy"} | Bandroom` },
  { name: "description", content: data?.page.description ?? "" },
];
