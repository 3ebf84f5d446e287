import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { listGuides, listPosts } from "~/features/content/content.server";
import { appOrigin } from "~/utils/request.server";
import { publicPageMeta } from "~/utils/public-meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const [guides, posts] = await Promise.all([listGuides(), listPosts()]);
  const latestPosts = posts.slice(0, 3).map(({ href, title, description, displayDate, date }) => ({ href, title, description, displayDate, date }));
  return { guides, latestPosts, origin: appOrigin(request) };
}

export default function ResourcesIndex() {
  const { guides, latestPosts } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Resources</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-600">
        Guides for working bands: getting more from your song data, building sets that hold a room, and running the band without the chaos.
      </p>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {guides.map((guide) => (
          <li key={guide.href} className="relative flex flex-col rounded-lg border border-slate-200 bg-white p-6 shadow-sm focus-within:ring-2 focus-within:ring-brand-600 hover:border-brand-500">
            <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{guide.categoryLabel}</p>
            <h2 className="mt-2 text-xl font-semibold tracking-tight text-slate-900">
              {/* The link's box covers the card, so the whole card is one large target. */}
              <Link to={guide.href} className="outline-none after:absolute after:inset-0 after:content-['']">
                {guide.title}
              </Link>
            </h2>
            <p className="mt-3 flex-1 text-slate-700">{guide.description}</p>
            <p className="mt-4 text-sm text-slate-600">{guide.readingMinutes} min read</p>
          </li>
        ))}
      </ul>
      {latestPosts.length > 0 ? (
        <section aria-labelledby="latest-posts" className="mt-16">
          <div className="flex flex-wrap items-baseline justify-between gap-x-6">
            <h2 id="latest-posts" className="text-2xl font-bold tracking-tight text-slate-900">
              From the blog
            </h2>
            <Link to="/blog" className="inline-flex min-h-[44px] items-center text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
              All posts<span aria-hidden="true">&nbsp;→</span>
            </Link>
          </div>
          <ul className="mt-4 divide-y divide-slate-200 border-y border-slate-200">
            {latestPosts.map((post) => (
              <li key={post.href} className="py-5">
                <p className="text-sm text-slate-600">
                  <time dateTime={post.date}>{post.displayDate}</time>
                </p>
                <h3 className="mt-1 text-lg font-semibold text-slate-900">
                  <Link to={post.href} className="rounded-sm hover:text-brand-700 hover:underline hover:underline-offset-4">
                    {post.title}
                  </Link>
                </h3>
                <p className="mt-1 text-slate-700">{post.description}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? publicPageMeta({
        title: "Resources",
        description: "Guides for working bands: song analytics, setlist strategy for cover bands, and running a band from one shared place.",
        origin: data.origin,
        path: "/resources",
      })
    : [{ title: "Resources | Bandroom" }];
