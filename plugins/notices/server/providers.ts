import type { Contribution } from '../../../core/plugin-api';
import { noticeCalendar } from './providers/calendar';
import { noticeClientLifecycle } from './providers/client-lifecycle';
import { noticeDashboard } from './providers/dashboard';
import { noticeSearch } from './providers/search';

/** The notices plugin's part of the dashboard, the search, the calendar and a client's deletion; each honours the CLIENT rule. */
export const noticeProviderContributions: Contribution[] = [noticeDashboard, noticeSearch, noticeCalendar, noticeClientLifecycle];
