import type { Logger } from '../../platform/logger';
import { TOKENS } from '../../platform/tokens';
import { call, createWorkspace, sharedHost, signedInUser, type TestSession } from '../../plugin-api/testing';

/** The example plugin of docs/plugins.md (tests/fixtures/plugins/example-extensions): off until a test enables it. */
export const EXAMPLE_PLUGIN = 'example-extensions';

export const switchExamplePlugin = (owner: TestSession, workspaceId: string, enabled: boolean) =>
  call(owner, 'put', `/workspaces/${workspaceId}/plugins/${EXAMPLE_PLUGIN}`, { enabled }).expect(200);

export const saveExampleSettings = (owner: TestSession, workspaceId: string, values: Record<string, unknown>) =>
  call(owner, 'put', `/workspaces/${workspaceId}/plugins/${EXAMPLE_PLUGIN}/settings`, { values }).expect(200);

const PRODUCT_PLUGINS_WITH_PROVIDERS = ['tasks', 'notices'];

/** The product's plugins that answer the dashboard, search and calendar would add their figures to those under test. */
export async function switchOffProductProviders(owner: TestSession, workspaceId: string): Promise<void> {
  for (const pluginId of PRODUCT_PLUGINS_WITH_PROVIDERS) {
    await call(owner, 'put', `/workspaces/${workspaceId}/plugins/${pluginId}`, { enabled: false }).expect(200);
  }
}

/** A new owner's new workspace with the example plugin enabled and the product's plugins that contribute providers off. */
export async function workspaceWithExamplePlugin(label = 'example-owner'): Promise<{ owner: TestSession; workspaceId: string }> {
  const owner = await signedInUser(label);
  const { externalId: workspaceId } = await createWorkspace(owner);
  await switchExamplePlugin(owner, workspaceId, true);
  await switchOffProductProviders(owner, workspaceId);
  return { owner, workspaceId };
}

export async function addReminder(owner: TestSession, workspaceId: string, fields: { title: string; dueOn?: string; clientId?: string }) {
  const { body } = await call(owner, 'post', `/${EXAMPLE_PLUGIN}/reminders`, { workspaceId, ...fields }).expect(201);
  return body.reminder as { id: string; title: string; dueOn: string; done: boolean };
}

export interface CapturedLog {
  level: 'warn' | 'error';
  fields: Record<string, unknown>;
  message: string;
}

/** What the shared host logs at warn and error while `run` runs (its logger is silent in tests otherwise). */
export async function capturingLogs<T>(run: () => Promise<T>): Promise<{ result: T; logs: CapturedLog[] }> {
  const logger = sharedHost().host.container.get<Logger>(TOKENS.Logger);
  const original = { warn: logger.warn, error: logger.error };
  const logs: CapturedLog[] = [];
  const recorder = (level: CapturedLog['level']) =>
    ((fields: Record<string, unknown>, message: string) => {
      logs.push({ level, fields, message });
    }) as Logger['warn'];
  logger.warn = recorder('warn');
  logger.error = recorder('error');
  try {
    return { result: await run(), logs };
  } finally {
    logger.warn = original.warn;
    logger.error = original.error;
  }
}

/** The log lines about one provider of the example plugin. */
export const aboutExampleProvider = (logs: CapturedLog[], provider: string) =>
  logs.filter(({ fields }) => fields.pluginId === EXAMPLE_PLUGIN && fields.provider === provider);
