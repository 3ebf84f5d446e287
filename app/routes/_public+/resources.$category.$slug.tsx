import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getGuide } from "~/features/content/content.server";
import { Prose } from "~/features/content/components/prose";
import { CallToAction } from "~/features/content/components/call-to-action";

// Only the guides in content/resources exist here, each under its own category.
export async function loader({ params }: LoaderFunctionArgs) {
  const guide = await getGuide(params.category, params.slug);
  if (!guide) throw data(null, { status: 404 });
  return { guide: { ...guide.meta, href: guide.href, html: guide.html, displayDate: guide.displayDate, readingMinutes: guide.readingMinutes } };
}

export default function Guide() {
  const { guide } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
          <li>
            <Link to="/resources" className="inline-flex min-h-[44px] items-center font-medium text-brand-700 hover:underline">
              Resources
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>{guide.categoryLabel}</li>
        </ol>
      </nav>
      <article className="mt-4">
        <header>
          <h1 className="text-3xl font-bold sm:text-4xl tracking-tight text-slate-900">{guide.title}</h1>
          <p className="mt-4 text-lg text-slate-600">{guide.description}</p>
          <p className="mt-4 text-sm text-slate-600">
            Updated <time dateTime={guide.date}>{guide.displayDate}</time>
            <span aria-hidden="true"> · </span>
            {guide.readingMinutes} min read
          </p>
        </header>
        <div className="mt-8">
          <Prose html={guide.html} />
        </div>
      </article>
      <CallToAction />
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Page Not Found" }];
  return [
    { title: `${data.guide.title} | Bandroom` },
    { name: "description", content: data.guide.description },
    { property: "og:title", content: data.guide.title },
    { property: "og:description", content: data.guide.description },
  ];
};
