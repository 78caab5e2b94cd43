import { TOKENS, type ClientDirectory, type PluginDemoSeedContext, type PluginSettings } from '../../../../core/plugin-api';
import { LOCKED_USERNAME_PREFIX, SANDBOX_PORTAL_PASSWORD } from '../../sandbox-portal';
import type { NoticeSyncSettings } from './settings';

/** Sandbox logins of the demo clients (by index into core/host/seed-demo.ts): GST usernames, and PANs for Income Tax. */
const DEMO_SANDBOX_LOGINS: [clientIndex: number, platformName: 'GST' | 'INCOME_TAX', username: string][] = [
  [0, 'GST', 'shreeganesh_gst'],
  [0, 'INCOME_TAX', 'AABCS1234K'],
  [1, 'GST', 'kaveritex_gst'],
  [2, 'GST', 'narmada_agro'],
  [2, 'INCOME_TAX', 'AACCN7788P'],
  // The portal refuses this one, so the first sync shows a failed login and the clients list its warning.
  [3, 'GST', `${LOCKED_USERNAME_PREFIX}_coromandel`],
  [4, 'INCOME_TAX', 'AADCH9900R'],
  [5, 'GST', 'deccanpharma_gst'],
  [7, 'INCOME_TAX', 'ABKPN4321M'],
  [8, 'INCOME_TAX', 'AKLPS8765J'],
];

/** The demo workspace syncs from the sandbox portal: switched on, with logins saved the way the client page saves them. */
export async function seedSandboxLogins({ container, membership, owner, clients }: PluginDemoSeedContext): Promise<void> {
  const directory = container.get<ClientDirectory>(TOKENS.Clients);
  for (const [index, platformName, username] of DEMO_SANDBOX_LOGINS) {
    const client = clients[index];
    if (client) await directory.saveCredential(membership, client.externalId, { platformName, username, password: SANDBOX_PORTAL_PASSWORD }, owner);
  }
  const useSandbox: Partial<NoticeSyncSettings> = { useSandboxPortal: true };
  await container.get<PluginSettings>(TOKENS.PluginSettings).save(membership.workspace.id, 'notices', useSandbox, owner.id);
}
