import { createHost } from '../../host/host';
import { freePort } from '../../plugin-api/testing/spawned-app';
import { TEST_PLUGIN_DIRS, testConfig } from '../../plugin-api/testing/test-config';
import type { RunningHost } from '../../plugin-api/testing/test-host';

/**
 * A web host whose PUBLIC_URL is its own origin. grant builds the OAuth redirect_uri from PUBLIC_URL when the
 * routes are mounted, so the port has to be known before the host is created.
 */
export async function startHostAtOwnOrigin(configOverrides: Record<string, string> = {}): Promise<RunningHost> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const host = await createHost({
    config: testConfig({ ...configOverrides, PUBLIC_URL: baseUrl, PORT: String(port) }),
    pluginDirs: TEST_PLUGIN_DIRS,
    role: 'web',
  });
  try {
    await host.listen(port);
  } catch (error) {
    await host.stop();
    throw error;
  }
  return { host, baseUrl, stop: () => host.stop() };
}
