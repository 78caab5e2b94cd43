import { expect } from 'chai';
import { z } from 'zod';
import { draftOf, limitsHint, settingsFormFields, valuesOf } from '../../shell/src/settings/plugins/settings-form-fields';
import type { SettingsObjectSchema } from '../../shell/src/settings/plugins/plugin-settings-api';

/** The JSON Schema the settings route answers: zod's own conversion of a plugin's settings schema. */
const jsonSchemaOf = (schema: z.ZodObject) => z.toJSONSchema(schema) as SettingsObjectSchema;

describe('generic plugin settings form', () => {
  const simple = z.object({
    reminderDays: z.number().int().min(1).max(90).default(7),
    sendDigest: z.boolean().default(true),
    digestFrequency: z.enum(['daily', 'weekly']).default('weekly'),
    signature: z.string().max(200).default(''),
    ratio: z.number().default(0.5),
    note: z.string().optional(),
    pageSize: z.int().default(25),
  });

  it('makes a control of every string, number, boolean and string choice, labelled by the plugin or by its key', () => {
    const controls = settingsFormFields({
      schema: jsonSchemaOf(simple),
      fields: { reminderDays: { label: 'Remind before (days)', help: 'Before a due date.' } },
    });
    expect(controls).to.deep.equal([
      {
        key: 'reminderDays',
        label: 'Remind before (days)',
        help: 'Before a due date.',
        required: true,
        kind: 'number',
        integer: true,
        minimum: 1,
        maximum: 90,
      },
      { key: 'sendDigest', label: 'Send digest', help: undefined, required: true, kind: 'switch' },
      { key: 'digestFrequency', label: 'Digest frequency', help: undefined, required: true, kind: 'select', options: ['daily', 'weekly'] },
      { key: 'signature', label: 'Signature', help: undefined, required: true, kind: 'text', minLength: undefined, maxLength: 200 },
      { key: 'ratio', label: 'Ratio', help: undefined, required: true, kind: 'number', integer: false, minimum: undefined, maximum: undefined },
      { key: 'note', label: 'Note', help: undefined, required: false, kind: 'text', minLength: undefined, maxLength: undefined },
      // zod writes the safe-integer range on every int(): no limit a person should read.
      { key: 'pageSize', label: 'Page size', help: undefined, required: true, kind: 'number', integer: true, minimum: undefined, maximum: undefined },
    ]);
  });

  for (const [what, field] of [
    ['a list', z.array(z.string()).default([])],
    ['an object', z.object({ a: z.string() }).default({ a: 'x' })],
    ['a nullable value', z.string().nullable().default(null)],
    ['a choice of numbers', z.union([z.literal(1), z.literal(2)]).default(1)],
  ] as const) {
    it(`leaves a schema with ${what} to the plugin's own panel`, () => {
      expect(settingsFormFields({ schema: jsonSchemaOf(z.object({ name: z.string().default(''), other: field })), fields: {} })).to.equal(null);
    });
  }

  it('shows saved values as text and switches, and reads them back as the schema types', () => {
    const controls = settingsFormFields({ schema: jsonSchemaOf(simple), fields: {} })!;
    const draft = draftOf(controls, {
      reminderDays: 7,
      sendDigest: true,
      digestFrequency: 'weekly',
      signature: 'CA Mehta',
      ratio: 0.5,
      pageSize: 25,
    });
    expect(draft).to.deep.equal({
      reminderDays: '7',
      sendDigest: true,
      digestFrequency: 'weekly',
      signature: 'CA Mehta',
      ratio: '0.5',
      note: '',
      pageSize: '25',
    });

    expect(valuesOf(controls, { ...draft, reminderDays: ' 120 ', sendDigest: false })).to.deep.equal({
      values: { reminderDays: 120, sendDigest: false, digestFrequency: 'weekly', signature: 'CA Mehta', ratio: 0.5, pageSize: 25 },
      problems: {},
    });
  });

  it('refuses only what cannot be sent: a number box without a number; limits are left to the server', () => {
    const controls = settingsFormFields({ schema: jsonSchemaOf(simple), fields: {} })!;
    const draft = draftOf(controls, { reminderDays: 7, sendDigest: true, digestFrequency: 'weekly', signature: '', ratio: 0.5, pageSize: 25 });
    expect(valuesOf(controls, { ...draft, reminderDays: '', ratio: 'abc', pageSize: '0' }).problems).to.deep.equal({
      reminderDays: 'Enter a number.',
      ratio: 'Enter a number.',
    });
  });

  it('describes the limits of a field', () => {
    const [reminderDays, , , signature, ratio] = settingsFormFields({ schema: jsonSchemaOf(simple), fields: {} })!;
    expect(limitsHint(reminderDays)).to.equal('A whole number from 1 to 90.');
    expect(limitsHint(signature)).to.equal('At most 200 characters.');
    expect(limitsHint(ratio)).to.equal(undefined);
  });
});
