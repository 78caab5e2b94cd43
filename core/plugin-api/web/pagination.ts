export type PageWindowItem = number | 'ellipsis';

const MIN_LINKS = 3;

/**
 * The page links to render, e.g. `1 … 4 5 6 … 10` for page 5 of 10.
 * Scheme: every page when they fit in `maxLinks`; otherwise the first and last page plus a run of
 * `maxLinks - 2` pages centred on the current one (shifted inward at the ends), with 'ellipsis' for each gap,
 * so there are never more than `maxLinks` numbered links. A current page out of range is clamped.
 */
export function pageWindow(current: number, total: number, maxLinks = 5): PageWindowItem[] {
  if (maxLinks < MIN_LINKS) throw new RangeError(`pageWindow needs room for at least ${MIN_LINKS} links`);
  const lastPage = Number.isFinite(total) ? Math.floor(total) : 0;
  if (lastPage < 1) return [];
  if (lastPage <= maxLinks) return Array.from({ length: lastPage }, (_, index) => index + 1);

  const page = Math.min(Math.max(Math.floor(current) || 1, 1), lastPage);
  const runLength = maxLinks - 2;
  const runStart = Math.min(Math.max(page - Math.floor((runLength - 1) / 2), 2), lastPage - runLength);
  const run = Array.from({ length: runLength }, (_, index) => runStart + index);
  const runEnd = run[run.length - 1];

  return [1, ...(runStart > 2 ? (['ellipsis'] as const) : []), ...run, ...(runEnd < lastPage - 1 ? (['ellipsis'] as const) : []), lastPage];
}
