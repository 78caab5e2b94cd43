import { ContainerModule } from 'inversify';
import { definePlugin, notificationEventTypesPoint, type PluginRouter } from '../../../core/plugin-api';
import { TASK_EVENT_TYPES } from '../shared/wire';
import { seedDemoTasks } from './demo-seed';
import { EntityTasks } from './entity-tasks';
import { taskJobs, taskSchedules } from './jobs';
import { taskProviderContributions } from './providers';
import { TaskReminders } from './reminders';
import { taskRoutes } from './routes';
import { SeriesService } from './series/series-service';
import { seriesRoutes } from './series/series-routes';
import { TaskService } from './task-service';
import { TASKS_SERVICE } from './tokens';

export default definePlugin({
  id: 'tasks',
  containerModule: new ContainerModule(({ bind }) => {
    bind(TaskService).toSelf().inSingletonScope();
    bind(SeriesService).toSelf().inSingletonScope();
    bind(TaskReminders).toSelf().inSingletonScope();
    bind(TASKS_SERVICE).to(EntityTasks).inSingletonScope();
  }),
  exports: [TASKS_SERVICE],
  routes: (router: PluginRouter) => {
    seriesRoutes(router);
    taskRoutes(router);
  },
  jobs: taskJobs,
  contributes: [notificationEventTypesPoint.contribute([...TASK_EVENT_TYPES]), ...taskSchedules, ...taskProviderContributions],
  seedDemo: seedDemoTasks,
});
