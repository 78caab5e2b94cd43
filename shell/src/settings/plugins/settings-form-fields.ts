import type { PluginSettingsAnswer, SettingsPropertySchema, SettingsValues } from './plugin-settings-api';

interface FieldBase {
  key: string;
  label: string;
  help?: string;
  required: boolean;
}

/** One control of the generic settings form. */
export type SettingsFormField =
  | (FieldBase & { kind: 'text'; minLength?: number; maxLength?: number })
  | (FieldBase & { kind: 'number'; integer: boolean; minimum?: number; maximum?: number })
  | (FieldBase & { kind: 'switch' })
  | (FieldBase & { kind: 'select'; options: string[] });

/** What the form's controls hold: text boxes hold text (a number field too, until it is saved), switches a boolean. */
export type SettingsDraft = Record<string, string | boolean>;

/** zod writes the bounds of a safe integer on every `int()`; they are no limit a person needs to read. */
const meaningfulBound = (bound: number | undefined) => (bound !== undefined && Math.abs(bound) < Number.MAX_SAFE_INTEGER ? bound : undefined);

/** `camelCase` and `snake_case` keys read as words when the plugin gave no label. */
function labelFromKey(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function controlOf(property: SettingsPropertySchema) {
  const { type } = property;
  if (property.enum) {
    return type === 'string' && property.enum.every((option) => typeof option === 'string')
      ? { kind: 'select' as const, options: property.enum as string[] }
      : null;
  }
  if (type === 'string') return { kind: 'text' as const, minLength: property.minLength, maxLength: property.maxLength };
  if (type === 'number' || type === 'integer') {
    return {
      kind: 'number' as const,
      integer: type === 'integer',
      minimum: meaningfulBound(property.minimum),
      maximum: meaningfulBound(property.maximum),
    };
  }
  if (type === 'boolean') return { kind: 'switch' as const };
  return null;
}

/**
 * The controls of the generic form for a plugin's settings schema, or null when any field is more than a string,
 * a number, a yes/no or a choice of strings (lists, objects, nullable or mixed types): such settings are edited
 * only by the plugin's own panel.
 */
export function settingsFormFields({ schema, fields }: Pick<PluginSettingsAnswer, 'schema' | 'fields'>): SettingsFormField[] | null {
  if (schema.type !== 'object' || !schema.properties) return null;
  const required = new Set(schema.required ?? []);
  const controls: SettingsFormField[] = [];
  for (const [key, property] of Object.entries(schema.properties)) {
    const control = controlOf(property);
    if (!control) return null;
    controls.push({
      key,
      label: fields[key]?.label ?? property.title ?? labelFromKey(key),
      help: fields[key]?.help ?? property.description,
      required: required.has(key),
      ...control,
    });
  }
  return controls;
}

/** The saved values as the controls show them. */
export function draftOf(controls: SettingsFormField[], values: SettingsValues): SettingsDraft {
  return Object.fromEntries(
    controls.map((control) => {
      const value = values[control.key];
      if (control.kind === 'switch') return [control.key, value === true];
      return [control.key, typeof value === 'string' || typeof value === 'number' ? String(value) : ''];
    }),
  );
}

export type DraftReading = { values: SettingsValues; problems: Record<string, string> };

/**
 * The draft as values to save. Only what cannot be sent at all is a problem here (a number box holding no number);
 * limits are the server's to check, so its messages are the ones shown. An optional field left empty is left out.
 */
export function valuesOf(controls: SettingsFormField[], draft: SettingsDraft): DraftReading {
  const values: SettingsValues = {};
  const problems: Record<string, string> = {};
  for (const control of controls) {
    const entry = draft[control.key];
    if (typeof entry === 'boolean') {
      values[control.key] = entry;
      continue;
    }
    const text = control.kind === 'text' ? entry : entry.trim();
    if (text === '' && !control.required) continue;
    if (control.kind !== 'number') {
      values[control.key] = text;
      continue;
    }
    const number = text === '' ? Number.NaN : Number(text);
    if (Number.isFinite(number)) values[control.key] = number;
    else problems[control.key] = 'Enter a number.';
  }
  return { values, problems };
}

/** A hint of the field's limits, e.g. "From 1 to 90." */
export function limitsHint(control: SettingsFormField): string | undefined {
  if (control.kind === 'number') {
    const { minimum, maximum, integer } = control;
    const kind = integer ? 'A whole number' : 'A number';
    if (minimum !== undefined && maximum !== undefined) return `${kind} from ${minimum} to ${maximum}.`;
    if (minimum !== undefined) return `${kind}, at least ${minimum}.`;
    if (maximum !== undefined) return `${kind}, at most ${maximum}.`;
    return undefined;
  }
  if (control.kind === 'text' && control.maxLength !== undefined) return `At most ${control.maxLength} characters.`;
  return undefined;
}
