import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { listPosts } from "~/features/content/content.server";

export async function loader() {
  return { posts: await listPosts() };
}

export default function BlogIndex() {
  const { posts } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold sm:text-4xl tracking-tight text-slate-900">Blog</h1>
      <p className="mt-3 text-lg text-slate-600">Practical notes on rehearsals, setlists and keeping a band organised.</p>
      {posts.length === 0 ? (
        <p className="mt-10 text-slate-600">No posts yet. Check back soon.</p>
      ) : (
        <ol className="mt-10 divide-y divide-slate-200 border-y border-slate-200">
          {posts.map((post) => (
            <li key={post.slug}>
              <article className="py-8">
                <p className="text-sm text-slate-600">
                  <time dateTime={post.date}>{post.displayDate}</time>
                  <span aria-hidden="true"> · </span>
                  {post.readingMinutes} min read
                </p>
                <h2 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">
                  <Link to={`/blog/${post.slug}`} className="rounded-sm hover:text-brand-700 hover:underline hover:underline-offset-4">
                    {post.title}
                  </Link>
                </h2>
                <p className="mt-3 text-slate-700">{post.description}</p>
              </article>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}

export const meta: MetaFunction = () => [
  { title: "Blog | Bandroom" },
  { name: "description", content: "Practical notes on rehearsals, setlists and keeping a band organised, from the Bandroom team." },
];
