import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './platform/config';
import { createHost, migrateOnly, type Role } from './host/host';
import { PluginLoadError } from './plugins/plugin-discovery';
import { seedDemoWorkspace } from './host/seed-demo';

const { values } = parseArgs({
  options: { role: { type: 'string', default: 'all' }, 'migrate-only': { type: 'boolean', default: false } },
});

async function main(): Promise<void> {
  const role = values.role as Role;
  if (!['all', 'web', 'worker'].includes(role)) throw new ConfigError([`--role: must be all, web or worker, not "${role}"`]);
  const config = loadConfig();
  if (values['migrate-only']) {
    await migrateOnly({ config });
    return;
  }
  const host = await createHost({ config, role });
  if (role !== 'worker' && config.seedDemo) {
    const demo = await seedDemoWorkspace(host.container);
    if (demo) {
      // Printed once, to the console only: the password is not kept anywhere else in plain text.
      console.log(
        `\nDemo workspace "${demo.workspaceId}" created.\n  Sign in at ${config.publicUrl}${config.basePath}/login\n  Email:    ${demo.email}\n  Password: ${demo.password}\n`,
      );
    }
  }
  if (host.app) {
    await host.listen();
    host.logger.info({ url: `${config.publicUrl}${config.basePath}`, role }, 'listening');
  } else {
    host.logger.info({ role }, 'worker started');
  }

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    host.logger.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => process.exit(1), 30_000);
    deadline.unref();
    host.stop().then(
      () => process.exit(0),
      (error) => {
        host.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof PluginLoadError) {
    console.error(error.message);
  } else {
    console.error('Start-up failed:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
