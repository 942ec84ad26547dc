import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { LIMITS, PART_FIELDS, type PartField } from '@magazzino/contract';
import { RequiredMark } from '../../../components/RequiredMark';
import { parts as t } from '../../../i18n/parts';

/** How each field is entered: peso is a number with grams precision, descrizione a longer text. */
const INPUT: Partial<
  Record<PartField, { type?: string; step?: string; min?: number; as?: 'textarea'; inputMode?: 'numeric' }>
> = {
  peso: { type: 'number', step: '0.001', min: 0 },
  descrizione: { as: 'textarea' },
  annoImmatricolazione: { inputMode: 'numeric' },
};

const MAX_LENGTH: Record<PartField, number | undefined> = {
  nome: LIMITS.shortTextMax,
  descrizione: LIMITS.descrizioneMax,
  categoria: LIMITS.shortTextMax,
  codice: LIMITS.shortTextMax,
  condizione: LIMITS.shortTextMax,
  peso: undefined,
  scaffale: LIMITS.locationMax,
  campata: LIMITS.locationMax,
  ripiano: LIMITS.locationMax,
  cassetta: LIMITS.locationMax,
  marca: LIMITS.shortTextMax,
  modello: LIMITS.shortTextMax,
  versione: LIMITS.shortTextMax,
  annoImmatricolazione: 4,
};

interface PartFieldsProps {
  /** Binds a field to the form (react-hook-form's register). */
  register: (name: PartField) => UseFormRegisterReturn;
  /** The message under each field at fault (the contract's, or the server's). */
  errors: Partial<Record<PartField, string>>;
  /** The add form marks every field required; the edit form keeps empty fields as stored. */
  required: boolean;
  placeholders?: Partial<Record<PartField, string>>;
  /** Prefix of the input ids, unique per form. */
  idPrefix: string;
}

/** The fourteen part fields with visible labels; `name` is the API field. */
export function PartFields({ register, errors, required, placeholders = {}, idPrefix }: PartFieldsProps) {
  return (
    <div className="row g-3">
      {PART_FIELDS.map((name) => {
        const id = `${idPrefix}-${name}`;
        const message = errors[name];
        const input = INPUT[name] ?? {};
        return (
          <Form.Group
            key={name}
            className={name === 'descrizione' || name === 'nome' ? 'col-12' : 'col-12 col-md-6 col-lg-4'}
          >
            <Form.Label htmlFor={id}>
              {t.fields[name]}
              {required && <RequiredMark />}
            </Form.Label>
            <Form.Control
              id={id}
              {...register(name)}
              as={input.as}
              rows={input.as === 'textarea' ? 3 : undefined}
              type={input.as ? undefined : (input.type ?? 'text')}
              step={input.step}
              min={input.min}
              inputMode={input.inputMode}
              maxLength={MAX_LENGTH[name]}
              required={required}
              placeholder={placeholders[name]}
              isInvalid={message !== undefined}
              aria-invalid={message !== undefined}
              aria-describedby={message !== undefined ? `${id}-error` : undefined}
              autoComplete="off"
            />
            {message !== undefined && (
              <Form.Control.Feedback type="invalid" id={`${id}-error`}>
                {message}
              </Form.Control.Feedback>
            )}
          </Form.Group>
        );
      })}
    </div>
  );
}

/** The first message of each part field in react-hook-form's errors. */
export function fieldMessages(
  errors: Partial<Record<string, { message?: unknown } | undefined>>,
): Partial<Record<PartField, string>> {
  const messages: Partial<Record<PartField, string>> = {};
  for (const name of PART_FIELDS) {
    const message = errors[name]?.message;
    if (typeof message === 'string' && message !== '') messages[name] = message;
  }
  return messages;
}
