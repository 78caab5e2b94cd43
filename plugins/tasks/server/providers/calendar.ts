import { calendarPoint, type CalendarItem, type MemberContext } from '../../../../core/plugin-api';
import { TASK_DUE_CALENDAR_TYPE, TASK_PROVIDERS } from '../../shared/wire';
import { Task } from '../models';
import { taskUrl, visibleTasks } from './member-scope';

/** One item per task due within the range, on its due date. */
async function taskDueDates(range: { from: string; to: string }, context: MemberContext): Promise<CalendarItem[]> {
  const tasks = await Task.inWorkspace(context.workspace.id)
    .modify(await visibleTasks(context))
    .whereBetween('tasks.due_date', [range.from, range.to])
    .orderBy([
      { column: 'tasks.due_date', order: 'asc' },
      { column: 'tasks.id', order: 'asc' },
    ])
    .select('external_id', 'title', 'due_date');
  return tasks.map((task) => ({
    type: TASK_DUE_CALENDAR_TYPE,
    id: task.externalId,
    title: task.title,
    date: task.dueDate!,
    url: taskUrl(context, task.externalId),
  }));
}

export const taskCalendar = calendarPoint.contribute({ id: TASK_PROVIDERS.calendar, items: taskDueDates });
