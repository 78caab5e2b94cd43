import type { MonthValue } from '@axal/web-sdk';
import type { NoticeMonthCount } from '../../../shared/wire';

/** The monthly counts as the SDK's line plots them. */
export const monthValues = (series: NoticeMonthCount[]): MonthValue[] => series.map(({ month, count }) => ({ month, value: count }));

/** '1 notice' / '3 notices'. */
export const noticesCount = (count: number): string => `${count.toLocaleString('en-IN')} ${count === 1 ? 'notice' : 'notices'}`;
