import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import {
  PART_FIELD_SPECS,
  PART_FIELDS,
  type FieldKind,
  type FieldSpec,
  type PartField,
} from '@magazzino/contract';
import { FormField, type FieldControl } from '../../../components/FormField';
import { parts as t } from '../../../i18n/parts';

/** How each kind of field is entered (the contract says which kind a field is). */
const KIND_CONTROLS = {
  text: { control: 'text' },
  longText: { control: 'textarea' },
  decimal: { control: 'decimal' },
  year: { control: 'text', inputMode: 'numeric' },
} as const satisfies Record<FieldKind, { control: FieldControl; inputMode?: 'numeric' }>;

/**
 * Where each field sits on the part forms, and its help text. Every field is listed: a new field
 * in the contract does not compile until it is placed here.
 */
const FIELD_LAYOUT = {
  nome: { column: 'full' },
  descrizione: { column: 'full' },
  categoria: { column: 'third' },
  codice: { column: 'third' },
  condizione: { column: 'third' },
  peso: { column: 'third', hint: t.hints.peso },
  scaffale: { column: 'third' },
  campata: { column: 'third' },
  ripiano: { column: 'third' },
  cassetta: { column: 'third' },
  marca: { column: 'third' },
  modello: { column: 'third' },
  versione: { column: 'third' },
  annoImmatricolazione: { column: 'third' },
} as const satisfies Record<PartField, { column: 'full' | 'third'; hint?: string }>;

const COLUMN_CLASSES = { full: 'col-12', third: 'col-12 col-md-6 col-lg-4' } as const;

interface PartFieldsProps {
  /** Binds a field to the form (react-hook-form's register). */
  register: (name: PartField) => UseFormRegisterReturn;
  /** The form's errors (the contract's messages, or the server's). */
  errors: FieldErrors;
  /** The add form marks every field required; the edit form keeps empty fields as stored. */
  required: boolean;
  placeholders?: Partial<Record<PartField, string>>;
  /** Prefix of the input ids, unique per form. */
  idPrefix: string;
}

/** The part's fields with visible labels, in the contract's order; `name` is the API field. */
export function PartFields({ register, errors, required, placeholders = {}, idPrefix }: PartFieldsProps) {
  return (
    <div className="row g-3">
      {PART_FIELDS.map((name) => {
        const spec: FieldSpec = PART_FIELD_SPECS[name];
        const layout: { column: 'full' | 'third'; hint?: string } = FIELD_LAYOUT[name];
        const message = errors[name]?.message;
        return (
          <FormField
            key={name}
            {...register(name)}
            {...KIND_CONTROLS[spec.kind]}
            id={`${idPrefix}-${name}`}
            className={COLUMN_CLASSES[layout.column]}
            label={spec.label}
            maxLength={spec.maxLength}
            decimals={spec.decimals}
            hint={layout.hint}
            required={required}
            placeholder={placeholders[name]}
            error={typeof message === 'string' && message !== '' ? message : undefined}
            autoComplete="off"
          />
        );
      })}
    </div>
  );
}
