import 'reflect-metadata';
import { ConfigError, loadConfig } from '../platform/config';
import { CryptoService } from '../platform/crypto';
import { createKnex, destroyKnex } from '../platform/db';
import { createLogger } from '../platform/logger';
import { PluginLoadError } from '../plugins/plugin-discovery';
import { loadCheckedPlugins } from './host';
import { rotateKeys, rotationReport } from './key-rotation';

/**
 * `npm run rotate-keys`: with DATA_ENCRYPTION_KEY(_ID) set to the new key and the old one kept in
 * DATA_ENCRYPTION_PREVIOUS_KEYS (the app already running so), re-encrypts every secret at rest with the new key and
 * prints how many values of each column it rewrote. Run it again until it rewrites nothing, then drop the old key.
 * Exits with 1 when some value could not be decrypted, so no one drops a key those values still need.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const plugins = await loadCheckedPlugins({ config });
  const knex = createKnex(config.databaseUrl, createLogger(config.logLevel));
  try {
    const outcomes = await rotateKeys(knex, new CryptoService(config), plugins);
    for (const line of rotationReport(outcomes)) console.log(line);
    return outcomes.some((outcome) => outcome.unreadable > 0) ? 1 : 0;
  } finally {
    await destroyKnex(knex);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof PluginLoadError ? error.message : `Key rotation failed: ${String(error)}`);
    process.exit(1);
  },
);
