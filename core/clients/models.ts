import { BaseModel, WorkspaceScopedModel } from '../plugin-api/base-model';
import type { CredentialImportResult, CredentialImportStatus } from './credential-import-rows';
import type { ClientType, Platform } from './schemas';

export class Client extends WorkspaceScopedModel {
  static override tableName = 'clients';
  clientType!: ClientType;
  name!: string;
  email!: string;
  phone!: string;
  panNumber!: string;
  tan!: string | null;
  industry!: string | null;
  gstin!: string | null;
  contactPerson!: string | null;
  businessAddress!: string | null;
  residentialAddress!: string | null;
  aadhaarCiphertext!: string | null;
  aadhaarLast4!: string | null;
  dateOfBirth!: string | null;
  occupation!: string | null;
  createdBy!: number | null;
}

export class ClientNote extends WorkspaceScopedModel {
  static override tableName = 'client_notes';
  clientId!: number;
  authorUserId!: number | null;
  content!: string;
}

/** Not externally identified: a credential is named by its client and platform. */
export class ClientCredential extends BaseModel {
  static override tableName = 'client_credentials';
  workspaceId!: number;
  clientId!: number;
  platform!: Platform;
  usernameCiphertext!: string;
  passwordCiphertext!: string;
  isValid!: boolean;
  updatedBy!: number | null;
}

/** A bulk credential import; `rowsCiphertext` holds the sealed rows until they have been imported. */
export class CredentialImport extends WorkspaceScopedModel {
  static override tableName = 'credential_imports';
  static override jsonAttributes = ['results'];
  requestedBy!: number | null;
  status!: CredentialImportStatus;
  total!: number;
  completed!: number;
  results!: CredentialImportResult[];
  rowsCiphertext!: string | null;
}
