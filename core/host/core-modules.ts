import { activityModule } from '../activity/module';
import { aiModule } from '../ai/module';
import { authModule } from '../auth/module';
import { calendarModule } from '../calendar/module';
import { clientsModule } from '../clients/module';
import { dashboardModule } from '../dashboard/module';
import { extensionsModule } from '../extensions/module';
import { mailModule } from '../mail/module';
import { notificationsModule } from '../notifications/module';
import { pluginSettingsModule } from '../plugin-settings/module';
import type { CoreModule } from '../plugins/core-module';
import { schedulerModule } from '../scheduler/module';
import { searchModule } from '../search/module';
import { workspacesModule } from '../workspaces/module';

/**
 * The core's domains, in the order the host loads their bindings, mounts their routes and registers their jobs; each
 * before any plugin's. Their contributions come first in every answer gathered from an extension point.
 */
export const CORE_MODULES: readonly CoreModule[] = [
  activityModule,
  mailModule,
  authModule,
  workspacesModule,
  pluginSettingsModule,
  extensionsModule,
  schedulerModule,
  clientsModule,
  notificationsModule,
  dashboardModule,
  searchModule,
  calendarModule,
  aiModule,
];
