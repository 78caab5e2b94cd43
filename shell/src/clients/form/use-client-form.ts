import { useId, useMemo, useState } from 'react';
import { ApiError } from '@axal/web-sdk';
import type { ClientType } from '../../../../core/clients/schemas';
import {
  FIELDS_OF_TYPE,
  serverFieldErrors,
  type ClientField,
  type ClientFieldErrors,
  type ClientFormValues,
  type Validation,
} from './client-form-values';

const UPPER_CASE_FIELDS = new Set<ClientField>(['panNumber', 'tan', 'gstin']);

/**
 * The state of a client form: values, which fields to judge yet (touched, or all after a submit), the server's
 * answer per field and the form-level error (spec 4: a failed update is also shown on the form).
 */
export function useClientForm<Payload>(initialValues: ClientFormValues, validate: (values: ClientFormValues) => Validation<Payload>) {
  const idPrefix = useId();
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<ReadonlySet<ClientField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<ClientFieldErrors>({});
  const [formError, setFormError] = useState<string>();

  const validation = useMemo(() => validate(values), [values, validate]);
  const fieldId = (field: ClientField) => `${idPrefix}-${field}`;

  const errorOf = (field: ClientField): string | undefined =>
    serverErrors[field] ?? (submitted || touched.has(field) ? validation.errors[field] : undefined);

  const setField = (field: ClientField, value: string) => {
    setValues((current) => ({ ...current, [field]: UPPER_CASE_FIELDS.has(field) ? value.toUpperCase() : value }));
    setServerErrors(({ [field]: _cleared, ...rest }) => rest);
    setFormError(undefined);
  };

  const setClientType = (clientType: ClientType) => setValues((current) => ({ ...current, clientType }));
  const touch = (field: ClientField) => setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));

  /** The payload to send, or null after showing every problem and moving focus to the first. */
  const submit = (): Payload | null => {
    setSubmitted(true);
    setFormError(undefined);
    if (validation.payload) return validation.payload;
    const firstInvalid = FIELDS_OF_TYPE[values.clientType].find((field) => validation.errors[field]);
    if (firstInvalid) document.getElementById(fieldId(firstInvalid))?.focus();
    return null;
  };

  /** Puts a refused save on its fields, or on the form; returns the text to toast. */
  const showServerError = (error: unknown, fallback: string): string => {
    const onFields = serverFieldErrors(error);
    setServerErrors(onFields);
    const message = error instanceof ApiError ? error.message : fallback;
    setFormError(message);
    return message;
  };

  return { values, fieldId, errorOf, setField, setClientType, touch, submit, showServerError, formError };
}

export type ClientFormState = ReturnType<typeof useClientForm<unknown>>;
