import { lazy } from 'react';
import { defineWebPlugin } from '@axal/web-sdk';
import { PendingTasksCard } from './components/PendingTasksCard';
import { RecentTasksCard } from './components/RecentTasksCard';
import { TaskStatusCard } from './components/TaskStatusCard';

// The dashboard cards are small and shown at once (the doughnut loads ECharts itself); pages, the client section and
// the search rows load when first shown.
const TasksPage = lazy(() => import('./pages/TasksPage').then((module) => ({ default: module.TasksPage })));
const TaskDetailsPage = lazy(() => import('./pages/TaskDetailsPage').then((module) => ({ default: module.TaskDetailsPage })));
const ClientTasksSection = lazy(() => import('./components/ClientTasksSection').then((module) => ({ default: module.ClientTasksSection })));
const TaskSearchHit = lazy(() => import('./components/TaskSearchHit').then((module) => ({ default: module.TaskSearchHit })));

export default defineWebPlugin({
  id: 'tasks',
  routes: [
    { path: 'tasks', element: <TasksPage /> },
    { path: 'tasks/:taskId', element: <TaskDetailsPage /> },
  ],
  clientSections: [{ id: 'tasks', title: 'Tasks', order: 20, component: ClientTasksSection }],
  dashboardCards: [
    { id: 'pending-tasks', order: 30, component: PendingTasksCard },
    { id: 'recent-tasks', order: 50, component: RecentTasksCard },
    { id: 'task-status-distribution', order: 60, component: TaskStatusCard },
  ],
  searchResultRenderers: [{ type: 'task', groupTitle: 'Tasks', component: TaskSearchHit }],
});
