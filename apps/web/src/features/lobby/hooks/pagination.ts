/**
 * Page links of spec §2/§9: 2 margin pages at each end, a range of 5 around the current page,
 * gaps where pages are left out; nothing when there is only one page.
 */
export type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

export const PAGE_RANGE = 5;
export const MARGIN_PAGES = 2;

export const pageItems = (current: number, total: number, range = PAGE_RANGE, margin = MARGIN_PAGES): PageItem[] => {
  if (total <= 1) return [];
  const shown = new Set<number>();
  if (total <= range + margin * 2) {
    for (let p = 1; p <= total; p++) shown.add(p);
  } else {
    for (let p = 1; p <= Math.min(margin, total); p++) shown.add(p);
    for (let p = Math.max(total - margin + 1, 1); p <= total; p++) shown.add(p);
    let start = Math.max(1, current - Math.floor(range / 2));
    let end = start + range - 1;
    if (end > total) {
      end = total;
      start = Math.max(1, end - range + 1);
    }
    for (let p = start; p <= end; p++) shown.add(p);
  }
  const pages = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  pages.forEach((page, i) => {
    const prev = pages[i - 1];
    if (prev !== undefined && page - prev > 1) items.push({ kind: 'gap', key: `gap-${prev}-${page}` });
    items.push({ kind: 'page', page });
  });
  return items;
};
