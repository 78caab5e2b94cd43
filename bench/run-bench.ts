import { DEFAULT_PLUGIN_DIRS } from '../core/host/host';
import { removeTestServices, startTestHost, type RunningHost } from '../core/plugin-api/testing/test-host';
import { startTestStorage } from '../core/plugin-api/testing/test-storage';

/**
 * Runs one benchmark against a host of the product's plugins on its own database, Redis prefix and in-memory blob
 * storage, and leaves nothing behind: the host is stopped and its data removed however the benchmark ends.
 */
export function runBench(bench: (running: RunningHost) => Promise<void>): void {
  const run = async () => {
    const storage = await startTestStorage();
    try {
      const running = await startTestHost({ pluginDirs: DEFAULT_PLUGIN_DIRS });
      try {
        await bench(running);
      } finally {
        await running.stop();
        await removeTestServices();
      }
    } finally {
      await storage.stop();
    }
  };
  run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
