import { Container } from 'inversify';
import type { Knex } from 'knex';
import type { Config } from '../platform/config';
import { CryptoService } from '../platform/crypto';
import { EventBus } from '../platform/events';
import { ExpiringValues } from '../platform/expiring-values';
import type { Logger } from '../platform/logger';
import { QueueService } from '../platform/queue';
import type { RedisClient } from '../platform/redis';
import type { StorageService } from '../platform/storage';
import { TableChanges } from '../platform/table-changes';
import { TOKENS } from '../platform/tokens';
import { WorkerHeartbeat } from '../platform/worker-heartbeat';
import { CORE_CONTRIBUTIONS } from '../plugins/core-module';
import { PluginLoadError } from '../plugins/plugin-discovery';
import type { PluginRegistry } from '../plugins/plugin-registry';
import { RemoteCatalogue } from '../plugins/remote-catalogue';
import { CORE_MODULES } from './core-modules';

export interface Infrastructure {
  config: Config;
  logger: Logger;
  knex: Knex;
  redis: RedisClient;
  storage: StorageService;
}

/** The infrastructure and the platform's services, then each core module's bindings, then each plugin's in dependency order. */
export function buildContainer(infrastructure: Infrastructure, registry: PluginRegistry): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(TOKENS.Config).toConstantValue(infrastructure.config);
  container.bind(TOKENS.Logger).toConstantValue(infrastructure.logger);
  container.bind(TOKENS.Knex).toConstantValue(infrastructure.knex);
  container.bind(TOKENS.Redis).toConstantValue(infrastructure.redis);
  container.bind(TOKENS.Storage).toConstantValue(infrastructure.storage);
  container.bind(TOKENS.PluginRegistry).toConstantValue(registry);
  container.bind(RemoteCatalogue).toConstantValue(new RemoteCatalogue(infrastructure.config.basePath));
  container.bind(TOKENS.Events).to(EventBus);
  container.bind(TOKENS.ExpiringValues).to(ExpiringValues);
  container.bind(TOKENS.Queue).to(QueueService);
  container.bind(TOKENS.Crypto).to(CryptoService);
  container.bind(WorkerHeartbeat).toSelf();
  container.bind(TableChanges).toSelf();
  container.bind(CORE_CONTRIBUTIONS).toConstantValue(CORE_MODULES.flatMap((module) => module.contributes ?? []));

  for (const module of CORE_MODULES) {
    if (module.containerModule) container.load(module.containerModule);
  }
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
