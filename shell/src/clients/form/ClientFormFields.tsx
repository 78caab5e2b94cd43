import { Callout, FormGroup, InputGroup, SegmentedControl, TextArea } from '@blueprintjs/core';
import { format } from 'date-fns';
import { useState, type HTMLInputTypeAttribute } from 'react';
import { CLIENT_TYPES, EARLIEST_DATE_OF_BIRTH, type ClientType } from '../../../../core/clients/schemas';
import { CLIENT_TYPE_LABELS } from '../clients-api';
import { FIELDS_OF_TYPE, type ClientField, type ClientFormMode } from './client-form-values';
import type { ClientFormState } from './use-client-form';

interface FieldSpec {
  label: string;
  hint?: string;
  placeholder?: string;
  required?: boolean;
  multiline?: boolean;
  type?: HTMLInputTypeAttribute;
  maxLength?: number;
  inputMode?: 'numeric' | 'tel' | 'email';
  autoComplete?: string;
}

const ADDRESS_HINT = 'Letters, numbers, spaces and , . # - / & only.';

const FIELD_SPECS: Record<ClientField, FieldSpec> = {
  name: { label: 'Name', required: true, maxLength: 200, autoComplete: 'off' },
  email: { label: 'Email', required: true, type: 'email', inputMode: 'email', maxLength: 254, autoComplete: 'off' },
  phone: {
    label: 'Phone',
    required: true,
    type: 'tel',
    inputMode: 'tel',
    placeholder: '9876543210',
    hint: 'Indian mobile number, optionally with +91 or 0.',
    maxLength: 16,
  },
  panNumber: { label: 'PAN', required: true, placeholder: 'ABCDE1234F', hint: 'Format: ABCDE1234F', maxLength: 10 },
  tan: { label: 'TAN', placeholder: 'ABCD12345E', hint: 'Optional. Format: ABCD12345E', maxLength: 10 },
  industry: { label: 'Industry', placeholder: 'e.g. Textiles', maxLength: 100 },
  gstin: { label: 'GSTIN', placeholder: '27ABCDE1234F1Z5', hint: 'Optional. Example: 27ABCDE1234F1Z5', maxLength: 15 },
  contactPerson: { label: 'Contact Person', maxLength: 200 },
  businessAddress: { label: 'Business Address', required: true, multiline: true, hint: ADDRESS_HINT },
  residentialAddress: { label: 'Residential Address', required: true, multiline: true, hint: ADDRESS_HINT },
  aadhaarNumber: {
    label: 'Aadhaar Number',
    required: true,
    placeholder: '123412341234',
    hint: '12 digits.',
    maxLength: 12,
    inputMode: 'numeric',
    autoComplete: 'off',
  },
  dateOfBirth: { label: 'Date of Birth', type: 'date' },
  occupation: { label: 'Occupation', maxLength: 100 },
};

const CLIENT_TYPE_OPTIONS = CLIENT_TYPES.map((type) => ({ value: type, label: CLIENT_TYPE_LABELS[type] }));

interface ClientFormFieldsProps {
  form: ClientFormState;
  mode: ClientFormMode;
  disabled: boolean;
  /** On edit, what the Aadhaar field keeps when left empty, e.g. "XXXX-XXXX-1234". */
  maskedAadhaar?: string | null;
}

/** The fields of a client, changing with its type; errors show under each field and are announced. */
export function ClientFormFields({ form, mode, disabled, maskedAadhaar }: ClientFormFieldsProps) {
  const { clientType } = form.values;
  return (
    <div className="client-form">
      {form.formError && (
        <Callout intent="danger" icon="error" role="alert" className="client-form__error">
          {form.formError}
        </Callout>
      )}
      {mode === 'create' && (
        <FormGroup label="Client type" className="client-form__type">
          <SegmentedControl
            aria-label="Client type"
            options={CLIENT_TYPE_OPTIONS}
            value={clientType}
            onValueChange={(value) => form.setClientType(value as ClientType)}
            disabled={disabled}
          />
        </FormGroup>
      )}
      <div className="client-form__grid">
        {FIELDS_OF_TYPE[clientType].map((field) => (
          <ClientFieldInput
            key={field}
            field={field}
            form={form}
            disabled={disabled}
            spec={field === 'aadhaarNumber' && mode === 'edit' ? aadhaarEditSpec(maskedAadhaar) : FIELD_SPECS[field]}
          />
        ))}
      </div>
    </div>
  );
}

function aadhaarEditSpec(maskedAadhaar: string | null | undefined): FieldSpec {
  return {
    ...FIELD_SPECS.aadhaarNumber,
    required: false,
    placeholder: maskedAadhaar ?? '123412341234',
    hint: maskedAadhaar ? `Leave empty to keep ${maskedAadhaar}. 12 digits.` : '12 digits.',
  };
}

function ClientFieldInput({ field, spec, form, disabled }: { field: ClientField; spec: FieldSpec; form: ClientFormState; disabled: boolean }) {
  const id = form.fieldId(field);
  const helperId = `${id}-help`;
  // A date of birth cannot be in the future; "today" is when the field appeared.
  const [today] = useState(() => format(new Date(), 'yyyy-MM-dd'));
  const error = form.errorOf(field);
  const intent = error ? 'danger' : 'none';
  const inputProps = {
    id,
    value: form.values[field],
    disabled,
    placeholder: spec.placeholder,
    maxLength: spec.maxLength,
    required: spec.required,
    'aria-invalid': Boolean(error),
    'aria-describedby': error || spec.hint ? helperId : undefined,
    onBlur: () => form.touch(field),
  };
  return (
    <FormGroup
      className={spec.multiline ? 'client-form__wide' : undefined}
      label={spec.label}
      labelFor={id}
      labelInfo={spec.required ? '(required)' : undefined}
      intent={intent}
      helperText={
        error ? (
          <span id={helperId} role="alert">
            {error}
          </span>
        ) : (
          spec.hint && <span id={helperId}>{spec.hint}</span>
        )
      }
    >
      {spec.multiline ? (
        <TextArea {...inputProps} fill rows={3} intent={intent} onChange={(event) => form.setField(field, event.currentTarget.value)} />
      ) : (
        <InputGroup
          {...inputProps}
          type={spec.type ?? 'text'}
          inputMode={spec.inputMode}
          autoComplete={spec.autoComplete}
          intent={intent}
          min={spec.type === 'date' ? EARLIEST_DATE_OF_BIRTH : undefined}
          max={spec.type === 'date' ? today : undefined}
          onValueChange={(value) => form.setField(field, value)}
        />
      )}
    </FormGroup>
  );
}
