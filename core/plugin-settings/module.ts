import { ContainerModule } from 'inversify';
import type { CoreModule } from '../plugins/core-module';
import { TOKENS } from '../platform/tokens';
import { pluginSettingsValueRoutes } from './plugin-settings-routes';
import { PluginSettingsService } from './plugin-settings-service';

/** Each plugin's per-workspace settings, stored by the core (`TOKENS.PluginSettings`). */
export const pluginSettingsModule: CoreModule = {
  id: 'plugin-settings',
  containerModule: new ContainerModule(({ bind }) => {
    bind(TOKENS.PluginSettings).to(PluginSettingsService);
    bind(PluginSettingsService).toService(TOKENS.PluginSettings);
  }),
  apiRoutes: pluginSettingsValueRoutes,
};
