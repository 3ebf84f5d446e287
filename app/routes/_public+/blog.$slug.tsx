import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getPost } from "~/features/content/content.server";
import { Prose } from "~/features/content/components/prose";
import { CallToAction } from "~/features/content/components/call-to-action";
import { TagList } from "~/features/content/components/tag-list";
import { CoverImage } from "~/features/content/components/cover-image";
import { appOrigin } from "~/utils/request.server";
import { articleMeta, feedLink } from "~/utils/public-meta";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const post = await getPost(params.slug);
  if (!post) throw data(null, { status: 404 });
  return {
    post: {
      slug: post.slug,
      href: post.href,
      ...post.meta,
      html: post.html,
      displayDate: post.displayDate,
      readingMinutes: post.readingMinutes,
    },
    previous: post.previous,
    next: post.next,
    origin: appOrigin(request),
  };
}

const NEIGHBOUR_LINK =
  "flex min-h-[44px] flex-col gap-1 rounded-lg border border-slate-200 bg-white p-4 hover:border-brand-500 focus-visible:border-brand-500";

export default function BlogPost() {
  const { post, previous, next } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <p>
        <Link to="/blog" className="inline-flex min-h-[44px] items-center text-sm font-medium text-brand-700 hover:underline">
          <span aria-hidden="true">←&nbsp;</span>All posts
        </Link>
      </p>
      <article className="mt-4">
        <header>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{post.title}</h1>
          <p className="mt-4 text-sm text-slate-600">
            <time dateTime={post.date}>{post.displayDate}</time>
            <span aria-hidden="true"> · </span>
            <span>By {post.author}</span>
            <span aria-hidden="true"> · </span>
            <span>{post.readingMinutes} min read</span>
          </p>
          <TagList tags={post.tags} className="mt-3" />
          {post.cover ? <CoverImage src={post.cover} alt={post.coverAlt ?? ""} /> : null}
        </header>
        <div className="mt-8">
          <Prose html={post.html} />
        </div>
      </article>
      {previous || next ? (
        <nav aria-label="More posts" className="mt-12 grid gap-4 border-t border-slate-200 pt-8 sm:grid-cols-2">
          {previous ? (
            <Link to={previous.href} className={NEIGHBOUR_LINK}>
              <span className="text-sm text-slate-600">
                <span aria-hidden="true">← </span>Previous post
              </span>
              <span className="font-semibold text-slate-900">{previous.title}</span>
            </Link>
          ) : (
            <span className="hidden sm:block" />
          )}
          {next ? (
            <Link to={next.href} className={`${NEIGHBOUR_LINK} sm:items-end sm:text-right`}>
              <span className="text-sm text-slate-600">
                Next post<span aria-hidden="true"> →</span>
              </span>
              <span className="font-semibold text-slate-900">{next.title}</span>
            </Link>
          ) : null}
        </nav>
      ) : null}
      <CallToAction />
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Page Not Found" }];
  const { post, origin } = data;
  return articleMeta(post, origin, [feedLink(origin)]);
};
