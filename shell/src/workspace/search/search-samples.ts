import type { IconName } from '@blueprintjs/core';

export interface SearchSampleGroup {
  title: string;
  icon: IconName;
  entries: { title: string; detail: string }[];
}

/** Spec 3 "Global search": static sample groups; the dialog is not wired to data yet. */
export const SEARCH_SAMPLE_GROUPS: SearchSampleGroup[] = [
  {
    title: 'Clients',
    icon: 'person',
    entries: [
      { title: 'Mehta Textiles Pvt Ltd', detail: 'Business' },
      { title: 'Asha Rao', detail: 'Individual' },
    ],
  },
  {
    title: 'Tasks',
    icon: 'tick-circle',
    entries: [
      { title: 'File GSTR-3B for March', detail: 'Task' },
      { title: 'Collect Form 16 documents', detail: 'Task' },
    ],
  },
  {
    title: 'Notices',
    icon: 'envelope',
    entries: [
      { title: 'GST notice: mismatch in input tax credit', detail: 'GST' },
      { title: 'Income Tax notice under section 143(1)', detail: 'Income Tax' },
    ],
  },
];

/** The sample groups whose entries contain the query (case-insensitive); empty groups are left out. */
export function filterSearchSamples(query: string): SearchSampleGroup[] {
  const needle = query.trim().toLowerCase();
  return SEARCH_SAMPLE_GROUPS.map((group) => ({
    ...group,
    entries: group.entries.filter((entry) => `${entry.title} ${entry.detail} ${group.title}`.toLowerCase().includes(needle)),
  })).filter((group) => group.entries.length > 0);
}
