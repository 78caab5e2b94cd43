import type { WorkspacePluginStates } from '../../../core/plugin-api';
import type { AttachmentService } from '../../documents/server/tokens';

/** The optional plugin that keeps notices' files (`requires.optional` in plugin.json). */
export const DOCUMENTS_PLUGIN = 'documents';

/**
 * The documents plugin's attachment service for a workspace: null when the plugin is not installed (the service is
 * unbound) or is switched off there, so its files are neither read nor added.
 */
export async function attachmentsIn(
  workspaceId: number,
  plugins: WorkspacePluginStates,
  attachments: AttachmentService | undefined,
): Promise<AttachmentService | null> {
  return attachments && (await plugins.isEnabled(workspaceId, DOCUMENTS_PLUGIN)) ? attachments : null;
}
