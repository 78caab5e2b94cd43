import { secretsPoint, type Contribution } from '../plugin-api/extension-points';
import { aadhaarContext } from './client-service';
import { rowsContext } from './credential-import-service';
import { credentialContext } from './credential-service';
import type { Platform } from './schemas';

const credentialOf = (row: Record<string, unknown>) => ({
  workspaceId: Number(row.workspace_id),
  clientId: Number(row.client_id),
  platform: row.platform as Platform,
});

/** Every ciphertext the clients domain keeps, with the same contexts its services seal them with. */
export const clientSecretColumns: Contribution[] = [
  secretsPoint.contribute({
    table: 'clients',
    column: 'aadhaar_ciphertext',
    contextColumns: ['workspace_id', 'external_id'],
    associatedData: (row) => aadhaarContext(Number(row.workspace_id), String(row.external_id)),
  }),
  ...(['username', 'password'] as const).map((field) =>
    secretsPoint.contribute({
      table: 'client_credentials',
      column: `${field}_ciphertext`,
      contextColumns: ['workspace_id', 'client_id', 'platform'],
      associatedData: (row) => credentialContext(credentialOf(row), field),
    }),
  ),
  secretsPoint.contribute({
    table: 'credential_imports',
    column: 'rows_ciphertext',
    contextColumns: ['workspace_id', 'external_id'],
    associatedData: (row) => rowsContext(Number(row.workspace_id), String(row.external_id)),
  }),
];
