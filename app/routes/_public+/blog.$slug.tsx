import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getPost } from "~/features/content/content.server";
import { Prose } from "~/features/content/components/prose";
import { CallToAction } from "~/features/content/components/call-to-action";

export async function loader({ params }: LoaderFunctionArgs) {
  const post = await getPost(params.slug);
  if (!post) throw data(null, { status: 404 });
  return { post: { slug: post.slug, ...post.meta, html: post.html, displayDate: post.displayDate, readingMinutes: post.readingMinutes } };
}

export default function BlogPost() {
  const { post } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <p>
        <Link to="/blog" className="inline-flex min-h-[44px] items-center text-sm font-medium text-brand-700 hover:underline">
          <span aria-hidden="true">←&nbsp;</span>All posts
        </Link>
      </p>
      <article className="mt-4">
        <header>
          <h1 className="text-3xl font-bold sm:text-4xl tracking-tight text-slate-900">{post.title}</h1>
          <p className="mt-4 text-sm text-slate-600">
            <time dateTime={post.date}>{post.displayDate}</time>
            <span aria-hidden="true"> · </span>
            {post.author}
            <span aria-hidden="true"> · </span>
            {post.readingMinutes} min read
          </p>
          {post.tags.length > 0 ? (
            <ul className="mt-3 flex flex-wrap gap-2" aria-label="Tags">
              {post.tags.map((tag) => (
                <li key={tag} className="rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-700">
                  {tag}
                </li>
              ))}
            </ul>
          ) : null}
        </header>
        <div className="mt-8">
          <Prose html={post.html} />
        </div>
      </article>
      <CallToAction />
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Page Not Found" }];
  return [
    { title: `${data.post.title} | Bandroom` },
    { name: "description", content: data.post.description },
    { property: "og:title", content: data.post.title },
    { property: "og:description", content: data.post.description },
    { property: "og:type", content: "article" },
  ];
};
