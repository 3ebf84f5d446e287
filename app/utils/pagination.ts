/**
 * `?page=` as a page number: anything but a positive whole number is the first page; a
 * number too large to count (1e309, twenty digits) is past any end, so the last page
 * (pageWindow keeps every page number to the last one).
 */
export function parsePage(value: string | null) {
  const page = Number(value ?? "1");
  if (Number.isSafeInteger(page) && page >= 1) return page;
  return page > Number.MAX_SAFE_INTEGER ? Number.MAX_SAFE_INTEGER : 1;
}

export type PageInfo = { page: number; pageCount: number; total: number; /** 1-based position of the page's first item (0 when empty). */ first: number };

/** Where page `requested` of `total` items lies; a page past the end is the last one. */
export function pageWindow(total: number, requested: number, perPage: number) {
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(requested, pageCount);
  const skip = (page - 1) * perPage;
  return { skip, take: perPage, info: { page, pageCount, total, first: total === 0 ? 0 : skip + 1 } satisfies PageInfo };
}

/** One page of a list already in memory (sorted in a way SQL cannot, e.g. by a collator). */
export function pageOfList<Item>(items: Item[], requested: number, perPage: number) {
  const { skip, take, info } = pageWindow(items.length, requested, perPage);
  return { items: items.slice(skip, skip + take), ...info };
}
