import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getPostsPage } from "~/features/content/content.server";
import { TagList } from "~/features/content/components/tag-list";
import { appOrigin } from "~/utils/request.server";
import { feedLink, publicPageMeta } from "~/utils/public-meta";

const DESCRIPTION = "Practical notes for working bands on rehearsals, setlists, gig money, subs and keeping everyone organised, from the Bandroom team.";

// `?page=2` and on; a page that does not exist is a 404 rather than an empty list.
export async function loader({ request }: LoaderFunctionArgs) {
  const result = await getPostsPage(new URL(request.url).searchParams.get("page"));
  if (!result) throw data(null, { status: 404 });
  return { ...result, origin: appOrigin(request) };
}

const PAGER_LINK = "inline-flex min-h-[44px] items-center gap-1 rounded-md border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-100";

export default function BlogIndex() {
  const { posts, page, pageCount, previousHref, nextHref } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Blog</h1>
      <p className="mt-3 text-lg text-slate-600">Practical notes on rehearsals, setlists, gig money and keeping a band organised.</p>
      <p className="mt-2 text-sm">
        <a href="/blog/rss.xml" className="inline-flex min-h-[44px] items-center font-medium text-brand-700 underline-offset-4 hover:underline">
          Follow new posts with RSS
        </a>
      </p>
      {posts.length === 0 ? (
        <p className="mt-10 text-slate-600">No posts yet. Check back soon.</p>
      ) : (
        <ol className="mt-8 divide-y divide-slate-200 border-y border-slate-200">
          {posts.map((post) => (
            <li key={post.slug}>
              <article className="py-8">
                <p className="text-sm text-slate-600">
                  <time dateTime={post.date}>{post.displayDate}</time>
                  <span aria-hidden="true"> · </span>
                  {post.readingMinutes} min read
                </p>
                <h2 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">
                  <Link to={post.href} className="rounded-sm hover:text-brand-700 hover:underline hover:underline-offset-4">
                    {post.title}
                  </Link>
                </h2>
                <p className="mt-3 text-slate-700">{post.description}</p>
                <TagList tags={post.tags} className="mt-4" />
              </article>
            </li>
          ))}
        </ol>
      )}
      {pageCount > 1 ? (
        // On a phone the page count sits above the two links, which then have room side by side.
        <nav aria-label="Blog pages" className="mt-8 grid grid-cols-2 items-center gap-3 sm:grid-cols-[1fr_auto_1fr]">
          <p className="col-span-2 row-start-1 text-center text-sm text-slate-600 sm:col-span-1 sm:col-start-2">
            Page {page} of {pageCount}
          </p>
          {previousHref ? (
            <Link to={previousHref} rel="prev" className={`${PAGER_LINK} justify-self-start sm:col-start-1 sm:row-start-1`}>
              <span aria-hidden="true">←</span> Newer posts
            </Link>
          ) : null}
          {nextHref ? (
            <Link to={nextHref} rel="next" className={`${PAGER_LINK} col-start-2 justify-self-end sm:col-start-3 sm:row-start-1`}>
              Older posts <span aria-hidden="true">→</span>
            </Link>
          ) : null}
        </nav>
      ) : null}
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Page Not Found" }];
  const links = [feedLink(data.origin)];
  if (data.previousHref) links.push({ tagName: "link", rel: "prev", href: `${data.origin}${data.previousHref}` });
  if (data.nextHref) links.push({ tagName: "link", rel: "next", href: `${data.origin}${data.nextHref}` });
  return publicPageMeta({
    title: data.page > 1 ? `Blog, page ${data.page}` : "Blog",
    description: DESCRIPTION,
    origin: data.origin,
    path: data.page > 1 ? `/blog?page=${data.page}` : "/blog",
    links,
  });
};
