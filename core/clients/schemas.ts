import { z } from 'zod';
import { INPUT_MESSAGES, multilineText, queryWholeNumber, singleLineText } from '../plugin-api/input-fields';

/**
 * Clients, notes and portal credentials: shared by the server and the web forms, one schema and one message
 * (spec 1 sections 3, 5.4, 5.5, 5.7, 5.8). No Node-only APIs here.
 */

export const CLIENT_TYPES = ['BUSINESS', 'INDIVIDUAL'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

export const PLATFORMS = ['GST', 'INCOME_TAX'] as const;
export type Platform = (typeof PLATFORMS)[number];

export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][0-9]Z[A-Z0-9]$/;
export const TAN_PATTERN = /^[A-Z]{4}[0-9]{5}[A-Z]$/;
export const INDIAN_PHONE_PATTERN = /^(\+91|0)?[6-9][0-9]{9}$/;
const ADDRESS_CHARACTERS = /^[A-Za-z0-9\s,.#\-/&]*$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const EARLIEST_DATE_OF_BIRTH = '1900-01-01';

export const MESSAGES = {
  clientType: 'Client type must be BUSINESS or INDIVIDUAL',
  name: 'Name must be at least 2 characters',
  email: 'Invalid email address',
  phone: 'Invalid Indian phone number',
  pan: 'Invalid PAN number format',
  gstin: 'Invalid GSTIN',
  gstinRequired: 'GSTIN is required for business clients',
  tan: 'Invalid TAN format (expected ABCD12345E)',
  businessAddress: 'Business address is required',
  residentialAddress: 'Address must be at least 5 characters',
  addressCharacters: 'Address may contain only letters, numbers, spaces and , . # - / &',
  aadhaar: 'Aadhaar number must be 12 digits',
  dateOfBirth: 'Date of birth must be a date between 1900-01-01 and today (YYYY-MM-DD)',
  tooLong: INPUT_MESSAGES.tooLong,
  note: 'Please enter some content for your note.',
  credentials: 'Username and password are required',
  platform: 'Platform must be GST or INCOME_TAX',
  confirmation: 'Invalid confirmation',
} as const;

/** Forms send "" for an empty optional field; it means "none", stored as null. */
const blankAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsNull, schema.nullable().optional());

const text = (error: string, max: number, label: string) => singleLineText({ label, max, error }).trim();
/** Room for a code typed with spaces between its groups. */
const MAX_CODE_INPUT_LENGTH = 50;
/** Codes are written in capitals; people type them in any case and with stray spaces (a control character fails the pattern). */
const code = (message: string, pattern: RegExp, missingMessage = message) =>
  z
    .string({ error: missingMessage })
    .max(MAX_CODE_INPUT_LENGTH, { message, abort: true })
    .transform((value) => value.replace(/\s/g, '').toUpperCase())
    .pipe(z.string().regex(pattern, message));

const isPlausibleDateOfBirth = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && value >= EARLIEST_DATE_OF_BIRTH && date.getTime() <= Date.now();
};

const commonFields = {
  name: text(MESSAGES.name, 200, 'Name').min(2, MESSAGES.name),
  email: singleLineText({ label: 'Email', max: 254, error: MESSAGES.email, tooLong: MESSAGES.email }).trim().pipe(z.email(MESSAGES.email)),
  // Spaces and hyphens are how people group a number, not part of it.
  phone: singleLineText({ label: 'Phone', max: 20, error: MESSAGES.phone, tooLong: MESSAGES.phone })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(INDIAN_PHONE_PATTERN, MESSAGES.phone)),
  panNumber: code(MESSAGES.pan, PAN_PATTERN),
  tan: optional(code(MESSAGES.tan, TAN_PATTERN)),
  industry: optional(text('Industry must be text', 100, 'Industry')),
};

const address = (requiredMessage: string, minimum: number) =>
  multilineText({ label: 'Address', max: 500, error: requiredMessage })
    .trim()
    .min(minimum, requiredMessage)
    .regex(ADDRESS_CHARACTERS, MESSAGES.addressCharacters);

export const businessFields = {
  ...commonFields,
  gstin: optional(code(MESSAGES.gstin, GSTIN_PATTERN)),
  contactPerson: optional(text('Contact person must be text', 200, 'Contact person')),
  businessAddress: address(MESSAGES.businessAddress, 1),
};

export const individualFields = {
  ...commonFields,
  residentialAddress: address(MESSAGES.residentialAddress, 5),
  aadhaarNumber: singleLineText({ label: 'Aadhaar number', max: 20, error: MESSAGES.aadhaar, tooLong: MESSAGES.aadhaar })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^[0-9]{12}$/, MESSAGES.aadhaar)),
  dateOfBirth: optional(
    singleLineText({ label: 'Date of birth', max: 20, error: MESSAGES.dateOfBirth, tooLong: MESSAGES.dateOfBirth })
      .trim()
      .regex(ISO_DATE, MESSAGES.dateOfBirth)
      .refine(isPlausibleDateOfBirth, MESSAGES.dateOfBirth),
  ),
  occupation: optional(text('Occupation must be text', 100, 'Occupation')),
};

export const businessClientSchema = z.object({ clientType: z.literal('BUSINESS', { error: MESSAGES.clientType }), ...businessFields });
export const individualClientSchema = z.object({ clientType: z.literal('INDIVIDUAL', { error: MESSAGES.clientType }), ...individualFields });

/** POST clients. Unknown fields (e.g. an Aadhaar number on a business) are dropped. */
export const clientInputSchema = z.discriminatedUnion('clientType', [businessClientSchema, individualClientSchema], { error: MESSAGES.clientType });
export type ClientInput = z.infer<typeof clientInputSchema>;

/** PATCH clients/{id}: any subset of the fields of the client's own type; the type itself never changes. */
export const clientPatchSchemas = {
  BUSINESS: z.object(businessFields).partial(),
  INDIVIDUAL: z.object(individualFields).partial(),
} as const;
export type ClientPatch = z.infer<(typeof clientPatchSchemas)[ClientType]>;

/**
 * A client created by a bulk credential import knows only its contact details and PAN; its addresses and Aadhaar
 * number stay empty until someone edits the client.
 */
export const importedClientSchema = z.object({
  name: commonFields.name,
  email: commonFields.email,
  phone: commonFields.phone,
  panNumber: commonFields.panNumber,
});
export type ImportedClientInput = z.infer<typeof importedClientSchema>;

/** The PAN's fourth character names the holder's kind: P for a person, any other for a firm, company, trust, etc. */
export const clientTypeOfPan = (panNumber: string): ClientType => (panNumber[3] === 'P' ? 'INDIVIDUAL' : 'BUSINESS');

export const deleteClientSchema = z.object({
  confirmation: singleLineText({ label: 'Confirmation', max: 200, error: MESSAGES.confirmation, tooLong: MESSAGES.confirmation }),
});

export const clientListQuerySchema = z.object({
  search: singleLineText({ label: 'Search', max: 100, error: 'search must be text' }).trim().optional(),
  type: z.enum(CLIENT_TYPES, { error: MESSAGES.clientType }).optional(),
  limit: queryWholeNumber({ label: 'limit', min: 1, max: 100, message: 'limit must be a number from 1 to 100' }).default(25),
  cursor: singleLineText({ label: 'Cursor', max: 500, error: 'Invalid cursor', tooLong: 'Invalid cursor' }).optional(),
});

export const noteInputSchema = z.object({
  content: multilineText({ label: 'Note', max: 10_000, error: MESSAGES.note }).trim().min(1, MESSAGES.note),
});

export const credentialInputSchema = z.object({
  platformName: z.enum(PLATFORMS, { error: MESSAGES.platform }),
  username: singleLineText({ label: 'Username', max: 200, error: MESSAGES.credentials }).trim().min(1, MESSAGES.credentials),
  password: singleLineText({ label: 'Password', max: 200, error: MESSAGES.credentials }).min(1, MESSAGES.credentials),
});

/** Bulk client import (spec 1 sections 3 and 5.5): the CSV columns, in template order, and the field each fills. */
export const BULK_IMPORT_COLUMNS = [
  ['Client Type', 'clientType'],
  ['Name', 'name'],
  ['Email', 'email'],
  ['Phone', 'phone'],
  ['PAN Number', 'panNumber'],
  ['GSTIN', 'gstin'],
  ['Contact Person', 'contactPerson'],
  ['Business Address', 'businessAddress'],
  ['TAN', 'tan'],
  ['Industry', 'industry'],
  ['Aadhaar Number', 'aadhaarNumber'],
  ['Date of Birth', 'dateOfBirth'],
  ['Residential Address', 'residentialAddress'],
  ['Occupation', 'occupation'],
] as const;

export const REQUIRED_IMPORT_COLUMNS = ['Client Type', 'Name', 'Email', 'Phone', 'PAN Number'] as const;

/** An import row is a client, except that a business row must carry its GSTIN. */
export const bulkImportRowSchema = z.discriminatedUnion(
  'clientType',
  [
    businessClientSchema.extend({ gstin: z.preprocess(blankAsNull, code(MESSAGES.gstin, GSTIN_PATTERN, MESSAGES.gstinRequired)) }),
    individualClientSchema,
  ],
  { error: MESSAGES.clientType },
);
