import { ApiError } from '@axal/web-sdk';
import { clientInputSchema, clientPatchSchemas, type ClientInput, type ClientPatch, type ClientType } from '../../../../core/clients/schemas';
import type { ClientView } from '../../../../core/clients/wire';

/** What the form holds: every field as the text in its input, whichever type is chosen. */
export interface ClientFormValues {
  clientType: ClientType;
  name: string;
  email: string;
  phone: string;
  panNumber: string;
  tan: string;
  industry: string;
  gstin: string;
  contactPerson: string;
  businessAddress: string;
  residentialAddress: string;
  aadhaarNumber: string;
  dateOfBirth: string;
  occupation: string;
}

export type ClientField = Exclude<keyof ClientFormValues, 'clientType'>;
export type ClientFieldErrors = Partial<Record<ClientField, string>>;
export type ClientFormMode = 'create' | 'edit';

/** The fields of each client type, in the order the form shows them. */
export const FIELDS_OF_TYPE: Record<ClientType, ClientField[]> = {
  BUSINESS: ['name', 'contactPerson', 'email', 'phone', 'panNumber', 'gstin', 'tan', 'industry', 'businessAddress'],
  INDIVIDUAL: ['name', 'occupation', 'email', 'phone', 'panNumber', 'aadhaarNumber', 'dateOfBirth', 'tan', 'industry', 'residentialAddress'],
};

export const emptyClientFormValues = (clientType: ClientType): ClientFormValues => ({
  clientType,
  name: '',
  email: '',
  phone: '',
  panNumber: '',
  tan: '',
  industry: '',
  gstin: '',
  contactPerson: '',
  businessAddress: '',
  residentialAddress: '',
  aadhaarNumber: '',
  dateOfBirth: '',
  occupation: '',
});

/** The Aadhaar field starts empty: the server only ever returns it masked, and an empty field keeps the stored number. */
export function formValuesOf(client: ClientView): ClientFormValues {
  const values = emptyClientFormValues(client.clientType);
  for (const field of FIELDS_OF_TYPE[client.clientType]) {
    if (field !== 'aadhaarNumber') values[field] = client[field] ?? '';
  }
  return values;
}

export type Validation<T> = { payload: T; errors: ClientFieldErrors } | { payload: null; errors: ClientFieldErrors };

function fieldErrorsOf(issues: { path: PropertyKey[]; message: string }[]): ClientFieldErrors {
  const errors: ClientFieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0] as ClientField;
    errors[field] ??= issue.message;
  }
  return errors;
}

function fieldsOfChosenType(values: ClientFormValues, mode: ClientFormMode): Partial<ClientFormValues> {
  const picked: Partial<ClientFormValues> = {};
  for (const field of FIELDS_OF_TYPE[values.clientType]) {
    if (mode === 'edit' && field === 'aadhaarNumber' && values.aadhaarNumber.trim() === '') continue;
    picked[field] = values[field];
  }
  return picked;
}

/** Checks the form with the server's own schema, so the inline messages are the spec's. */
export function validateNewClient(values: ClientFormValues): Validation<ClientInput> {
  const result = clientInputSchema.safeParse({ clientType: values.clientType, ...fieldsOfChosenType(values, 'create') });
  return result.success ? { payload: result.data, errors: {} } : { payload: null, errors: fieldErrorsOf(result.error.issues) };
}

export function validateClientChanges(values: ClientFormValues): Validation<ClientPatch> {
  const result = clientPatchSchemas[values.clientType].safeParse(fieldsOfChosenType(values, 'edit'));
  return result.success ? { payload: result.data, errors: {} } : { payload: null, errors: fieldErrorsOf(result.error.issues) };
}

/** Where a refused save belongs: on the fields the server named, or (duplicate PAN or email) on the field it is about. */
export function serverFieldErrors(error: unknown): ClientFieldErrors {
  if (!(error instanceof ApiError)) return {};
  const errors: ClientFieldErrors = {};
  for (const [field, messages] of Object.entries(error.details)) {
    if (messages[0]) errors[field as ClientField] = messages[0];
  }
  if (error.status === 409) {
    if (/\bPAN\b/.test(error.message)) errors.panNumber ??= error.message;
    else if (/email/i.test(error.message)) errors.email ??= error.message;
  }
  return errors;
}
