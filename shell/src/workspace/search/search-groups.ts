import type { SearchHit } from '@axal/web-sdk';

export interface SearchGroup {
  type: string;
  hits: SearchHit[];
}

/** Hits grouped by type, groups in the order their first hit was ranked, hits in rank order within a group. */
export function groupHitsByType(hits: SearchHit[]): SearchGroup[] {
  const groups = new Map<string, SearchHit[]>();
  for (const hit of hits) {
    const group = groups.get(hit.type);
    if (group) group.push(hit);
    else groups.set(hit.type, [hit]);
  }
  return [...groups].map(([type, grouped]) => ({ type, hits: grouped }));
}

/** A type with no title of its own reads as words: `document-folder` becomes `Document folder`. */
export function humanizeType(type: string): string {
  const words = type
    .replace(/[-_.]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The index after moving `step` places through `count` entries, wrapping at either end. */
export function wrapIndex(current: number, step: number, count: number): number {
  if (count === 0) return -1;
  return (((current + step) % count) + count) % count;
}
