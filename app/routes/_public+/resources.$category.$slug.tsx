import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getGuide, listGuides } from "~/features/content/content.server";
import { Prose } from "~/features/content/components/prose";
import { CallToAction } from "~/features/content/components/call-to-action";
import { CoverImage } from "~/features/content/components/cover-image";
import { appOrigin } from "~/utils/request.server";
import { articleMeta } from "~/utils/public-meta";

// Only the guides in content/resources exist here, each under its own category.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const guide = await getGuide(params.category, params.slug);
  if (!guide) throw data(null, { status: 404 });
  const otherGuides = (await listGuides())
    .filter((other) => other.href !== guide.href)
    .map(({ href, title, categoryLabel }) => ({ href, title, categoryLabel }));
  return {
    guide: { ...guide.meta, href: guide.href, html: guide.html, displayDate: guide.displayDate, readingMinutes: guide.readingMinutes },
    otherGuides,
    origin: appOrigin(request),
  };
}

export default function Guide() {
  const { guide, otherGuides } = useLoaderData<typeof loader>();
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
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{guide.title}</h1>
          <p className="mt-4 text-lg text-slate-600">{guide.description}</p>
          <p className="mt-4 text-sm text-slate-600">
            Updated <time dateTime={guide.date}>{guide.displayDate}</time>
            <span aria-hidden="true"> · </span>
            {guide.readingMinutes} min read
          </p>
          {guide.cover ? <CoverImage src={guide.cover} alt={guide.coverAlt ?? ""} /> : null}
        </header>
        <div className="mt-8">
          <Prose html={guide.html} />
        </div>
      </article>
      {otherGuides.length > 0 ? (
        <nav aria-labelledby="more-guides" className="mt-12 border-t border-slate-200 pt-8">
          <h2 id="more-guides" className="text-lg font-semibold text-slate-900">
            More guides
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {otherGuides.map((other) => (
              <li key={other.href}>
                <Link
                  to={other.href}
                  className="flex min-h-[44px] flex-col gap-1 rounded-lg border border-slate-200 bg-white p-4 hover:border-brand-500 focus-visible:border-brand-500"
                >
                  <span className="text-xs font-semibold uppercase tracking-wide text-brand-700">{other.categoryLabel}</span>
                  <span className="font-semibold text-slate-900">{other.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <CallToAction />
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Page Not Found" }];
  const { guide, origin } = data;
  return articleMeta(guide, origin);
};
