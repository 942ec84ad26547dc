import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { LIMITS, PART_FIELDS, readDecimal, type PartField } from '@magazzino/contract';
import { RequiredMark } from '../../../components/RequiredMark';
import { parts as t } from '../../../i18n/parts';
import { formatNumber } from '../../../lib/format';

/**
 * How each field is entered. peso is text, not `type=number`: Chromium's number input turns an
 * Italian '1,8' into 18, while text keeps what the clerk typed for the shared schema to read
 * ('1,8', '1.8', '1.234,5'); `inputMode=decimal` still brings up the keypad with a comma on a phone.
 */
const INPUT: Partial<
  Record<PartField, { as?: 'textarea'; inputMode?: 'numeric' | 'decimal'; decimal?: boolean; hint?: string }>
> = {
  peso: { inputMode: 'decimal', decimal: true, hint: t.hints.peso },
  descrizione: { as: 'textarea' },
  annoImmatricolazione: { inputMode: 'numeric' },
};

/**
 * After leaving a decimal field, shows a readable value the Italian way ('1.8' → '1,8'), so the
 * clerk sees how it was read; text that is not a number is left as typed for the schema to flag.
 */
function italianOnBlur(registration: UseFormRegisterReturn): UseFormRegisterReturn {
  return {
    ...registration,
    onBlur: async (event: { target: unknown; type?: unknown }) => {
      const input = event.target as HTMLInputElement;
      const value = readDecimal(input.value);
      if (value !== undefined && Number.isFinite(value)) {
        const italian = formatNumber(value, LIMITS.pesoDecimals);
        if (italian !== input.value.trim()) {
          input.value = italian;
          await registration.onChange(event);
        }
      }
      return registration.onBlur(event);
    },
  };
}

/** The value a decimal field shows for a stored number: '1,5', never '1.5'. */
export function decimalFieldValue(value: number): string {
  return formatNumber(value, LIMITS.pesoDecimals);
}

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
        const registration = input.decimal ? italianOnBlur(register(name)) : register(name);
        const describedBy = [message !== undefined ? `${id}-error` : null, input.hint ? `${id}-hint` : null]
          .filter(Boolean)
          .join(' ');
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
              {...registration}
              as={input.as}
              rows={input.as === 'textarea' ? 3 : undefined}
              type={input.as ? undefined : 'text'}
              inputMode={input.inputMode}
              maxLength={MAX_LENGTH[name]}
              required={required}
              placeholder={placeholders[name]}
              isInvalid={message !== undefined}
              aria-invalid={message !== undefined}
              aria-describedby={describedBy || undefined}
              autoComplete="off"
            />
            {input.hint && (
              <Form.Text id={`${id}-hint`} className="d-block">
                {input.hint}
              </Form.Text>
            )}
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
