/**
 * An article's cover. Width and height are given so the browser reserves the box before
 * the image arrives (no layout shift); covers are drawn at the Open Graph size, 1200×630.
 */
export function CoverImage({ src, alt }: { src: string; alt: string }) {
  return (
    <img
      src={src}
      alt={alt}
      width={1200}
      height={630}
      decoding="async"
      className="mt-8 aspect-[1200/630] w-full rounded-lg border border-slate-200 bg-slate-100 object-cover"
    />
  );
}
