import type { Contribution } from '../../../core/plugin-api';
import { taskCalendar } from './providers/calendar';
import { taskClientRelease } from './providers/client-release';
import { taskDashboard } from './providers/dashboard';
import { taskSearch } from './providers/search';

/** The tasks plugin's part of the dashboard, the search, the calendar and a client's deletion; each honours the CLIENT rule. */
export const taskProviderContributions: Contribution[] = [taskDashboard, taskSearch, taskCalendar, taskClientRelease];
