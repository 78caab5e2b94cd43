import { useMemo, useState } from 'react';
import type { z } from 'zod';

type FormValues = Record<string, string | boolean>;
type FieldMessages<Values> = Partial<Record<keyof Values, string[]>>;

function messagesByField<Values>(result: z.ZodSafeParseResult<unknown>): FieldMessages<Values> {
  const messages: Record<string, string[]> = {};
  if (result.success) return messages as FieldMessages<Values>;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    const list = (messages[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return messages as FieldMessages<Values>;
}

/**
 * A form checked by a shared zod schema: a field shows its messages once the user has edited and left it, or
 * submitted the form, and they update as the user types. Leaving a field untouched shows nothing, so tabbing or
 * clicking past it neither nags nor shifts the layout. `submit` answers the parsed values, or null when a rule
 * fails, after moving focus to the first field in error (found by `inputIdOf`).
 */
export function useValidatedForm<Values extends FormValues, Output>(
  schema: z.ZodType<Output, Values>,
  initialValues: Values,
  inputIdOf: (field: keyof Values) => string,
) {
  const [values, setValues] = useState(initialValues);
  const [visited, setVisited] = useState<ReadonlySet<keyof Values>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const result = useMemo(() => schema.safeParse(values), [schema, values]);
  const messages = useMemo(() => messagesByField<Values>(result), [result]);

  const errorsOf = (field: keyof Values): string[] => (submitted || visited.has(field) ? (messages[field] ?? []) : []);

  return {
    values,
    setValue: <Field extends keyof Values>(field: Field, value: Values[Field]) => setValues((current) => ({ ...current, [field]: value })),
    leave: (field: keyof Values) => {
      if (values[field] !== initialValues[field]) setVisited((current) => new Set(current).add(field));
    },
    errorsOf,
    submit: (): Output | null => {
      setSubmitted(true);
      if (result.success) return result.data;
      const firstInvalid = (Object.keys(values) as Array<keyof Values>).find((field) => messages[field]?.length);
      if (firstInvalid !== undefined) document.getElementById(inputIdOf(firstInvalid))?.focus();
      return null;
    },
    reset: () => {
      setValues(initialValues);
      setVisited(new Set());
      setSubmitted(false);
    },
  };
}
