import { Container } from 'inversify';
import type { Knex } from 'knex';
import { ActivityService } from '../activity/activity-service';
import { NotificationService } from '../notifications/notification-service';
import { NotificationStreams } from '../notifications/notification-streams';
import type { Config } from '../platform/config';
import { CryptoService } from '../platform/crypto';
import { EventBus } from '../platform/events';
import type { Logger } from '../platform/logger';
import { QueueService } from '../platform/queue';
import type { RedisClient } from '../platform/redis';
import type { StorageService } from '../platform/storage';
import { TOKENS } from '../platform/tokens';
import { PermissionService } from '../workspaces/permissions';
import { WorkspacePluginsService } from '../workspaces/workspace-plugins';
import { PluginLoadError } from './plugin-discovery';
import type { PluginRegistry } from './plugin-registry';
import { RemoteCatalogue } from './web-assets';

export interface Infrastructure {
  config: Config;
  logger: Logger;
  knex: Knex;
  redis: RedisClient;
  storage: StorageService;
}

/** Core services first, then each plugin's ContainerModule in dependency order. */
export function buildContainer(infrastructure: Infrastructure, registry: PluginRegistry): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(TOKENS.Config).toConstantValue(infrastructure.config);
  container.bind(TOKENS.Logger).toConstantValue(infrastructure.logger);
  container.bind(TOKENS.Knex).toConstantValue(infrastructure.knex);
  container.bind(TOKENS.Redis).toConstantValue(infrastructure.redis);
  container.bind(TOKENS.Storage).toConstantValue(infrastructure.storage);
  container.bind(TOKENS.PluginRegistry).toConstantValue(registry);
  container.bind(TOKENS.Permissions).toConstantValue(new PermissionService(registry.permissionTable()));
  container.bind(TOKENS.Events).to(EventBus);
  container.bind(TOKENS.Queue).to(QueueService);
  container.bind(TOKENS.Crypto).to(CryptoService);
  container.bind(TOKENS.Activity).to(ActivityService);
  container.bind(TOKENS.WorkspacePlugins).to(WorkspacePluginsService);
  container.bind(TOKENS.Notifications).to(NotificationService);
  container.bind(NotificationStreams).toSelf();
  container.bind(RemoteCatalogue).toConstantValue(new RemoteCatalogue(infrastructure.config.basePath));

  for (const plugin of registry.plugins) {
    const definition = plugin.definition;
    if (!definition?.containerModule) {
      if (definition?.exports?.length) throw new PluginLoadError([`Plugin ${definition.id} exports services but binds none`]);
      continue;
    }
    container.load(definition.containerModule);
    const unbound = (definition.exports ?? []).filter((token) => !container.isBound(token));
    if (unbound.length) {
      throw new PluginLoadError([`Plugin ${definition.id} exports ${unbound.map(String).join(', ')} but does not bind them`]);
    }
  }
  return container;
}
