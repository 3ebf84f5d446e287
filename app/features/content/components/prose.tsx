/**
 * Typography for rendered Markdown. The HTML comes from renderMarkdown, which escapes raw
 * HTML and drops unsafe link schemes, so it is safe to inject.
 */
const PROSE = [
  "max-w-none text-base leading-7 text-slate-800 sm:text-[1.0625rem] sm:leading-8",
  "[&>*+*]:mt-5",
  "[&_h2]:mt-12 [&_h2]:scroll-mt-24 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:leading-snug [&_h2]:tracking-tight [&_h2]:text-slate-900",
  "[&_h3]:mt-8 [&_h3]:scroll-mt-24 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:leading-snug [&_h3]:text-slate-900",
  "[&_h4]:mt-6 [&_h4]:scroll-mt-24 [&_h4]:font-semibold [&_h4]:text-slate-900",
  "[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-brand-600",
  // The "#" after each heading: quiet until pointed at, with a finger-sized target that
  // does not push the heading's line apart (the padding is taken back by a negative margin).
  // Headings keep clear of the sticky site header when reached through their anchor.
  "[&_a.heading-anchor]:-my-2 [&_a.heading-anchor]:inline-block [&_a.heading-anchor]:rounded [&_a.heading-anchor]:px-2 [&_a.heading-anchor]:py-2",
  "[&_a.heading-anchor]:font-normal [&_a.heading-anchor]:text-slate-500 [&_a.heading-anchor]:no-underline hover:[&_a.heading-anchor]:text-brand-700 focus-visible:[&_a.heading-anchor]:text-brand-700",
  "[&_strong]:font-semibold [&_strong]:text-slate-900",
  "[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-2 [&_li]:pl-1",
  "[&_blockquote]:border-l-4 [&_blockquote]:border-brand-100 [&_blockquote]:pl-4 [&_blockquote]:italic",
  "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-sm",
  "[&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-slate-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0",
  "[&_table]:w-full [&_table]:border-collapse [&_table]:text-left [&_th]:border-b [&_th]:border-slate-300 [&_th]:py-2 [&_th]:pr-4 [&_th]:font-semibold",
  "[&_td]:border-b [&_td]:border-slate-200 [&_td]:py-2 [&_td]:pr-4 [&_td]:align-top",
  "[&_hr]:border-slate-200 [&_img]:rounded-md",
].join(" ");

export function Prose({ html }: { html: string }) {
  return <div className={PROSE} dangerouslySetInnerHTML={{ __html: html }} />;
}
