import { useId, type FocusEvent, type InputHTMLAttributes } from 'react';
import Form from 'react-bootstrap/Form';
import { readDecimal } from '@magazzino/contract';
import { formatNumber } from '../lib/format';
import { RequiredMark } from './RequiredMark';

type ControlElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * How a value is entered: a one-line input of that type (a calendar day with the browser's date
 * picker for 'date'), a textarea, a decimal number written the Italian way, or a select among `options`.
 */
export type FieldControl =
  'text' | 'email' | 'password' | 'search' | 'tel' | 'date' | 'textarea' | 'decimal' | 'select';

export interface FormFieldProps {
  label: string;
  /** The input's name: the API field (react-hook-form's `register(name)` gives it). */
  name: string;
  control?: FieldControl;
  /** Marks the label with an asterisk and the input as required for assistive technology. */
  required?: boolean;
  /** The message shown under the input (from the shared schema or the server's `fields`). */
  error?: string | undefined;
  /** A short help text under the input. */
  hint?: string | undefined;
  /** The input's id (a generated one by default). */
  id?: string;
  /** Classes of the label + input group (default `mb-3`), e.g. its grid column. */
  className?: string;
  labelClassName?: string;
  inputClassName?: string;
  /** The choices of a select. */
  options?: readonly { value: string; label: string }[];
  /** Decimal places shown once a decimal field is left (default 3). */
  decimals?: number;
  /** Decimal places always written once it is left: an amount of euro shows its cents ('12,50'). */
  fixedDecimals?: boolean;
  rows?: number;
  // The binding: spread `register(name)` (ref, onChange, onBlur), or pass `value` and `onChange`.
  ref?: (element: ControlElement | null) => void;
  value?: string;
  onChange?: (event: { target: ControlElement; type: string }) => unknown;
  onBlur?: (event: FocusEvent<ControlElement>) => unknown;
  autoComplete?: InputHTMLAttributes<HTMLInputElement>['autoComplete'];
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  /** What a phone's Enter key says ('next', 'search', 'send'...). */
  enterKeyHint?: InputHTMLAttributes<HTMLInputElement>['enterKeyHint'];
  /** How a phone's keyboard capitalizes ('characters' for codes). */
  autoCapitalize?: string | undefined;
  placeholder?: string | undefined;
  maxLength?: number | undefined;
  autoFocus?: boolean;
  /** The first and last day a date field offers ('2026-11-24'). */
  min?: string | number | undefined;
  max?: string | number | undefined;
}

/**
 * A labelled input, textarea or select with its help text and error message wired for assistive
 * technology (aria-invalid, aria-describedby). Forms use `noValidate`: the shared zod schema gives
 * the messages, in Italian, the same as the server's.
 *
 * A decimal field is a text input, not `type=number`: Chromium's number input turns an Italian
 * '1,8' into 18, while text keeps what the clerk typed for the schema to read ('1,8', '1.8',
 * '1.234,5'). `inputMode=decimal` still brings up a keypad with a comma on a phone, and leaving the
 * field shows the value read the Italian way ('1.8' → '1,8'); text that is not one number is left
 * as typed, for the schema to flag.
 */
export function FormField({
  label,
  control = 'text',
  required = false,
  error,
  hint,
  id,
  className = 'mb-3',
  labelClassName,
  inputClassName,
  options = [],
  decimals = 3,
  fixedDecimals = false,
  rows = 3,
  onBlur,
  ...binding
}: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  const common = {
    ...binding,
    required,
    className: inputClassName,
    isInvalid: Boolean(error),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };

  const showDecimalRead = async (event: FocusEvent<ControlElement>) => {
    const input = event.target;
    const value = readDecimal(input.value);
    if (value !== undefined && Number.isFinite(value)) {
      const italian = formatNumber(value, decimals, fixedDecimals ? decimals : 0);
      if (italian !== input.value.trim()) {
        input.value = italian;
        // The form reads the new text before it hears of the blur.
        await binding.onChange?.(event);
      }
    }
    await onBlur?.(event);
  };

  return (
    <Form.Group className={className} controlId={controlId}>
      <Form.Label className={labelClassName}>
        {label}
        {required && <RequiredMark />}
      </Form.Label>
      {control === 'select' ? (
        <Form.Select {...common} onBlur={onBlur}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Form.Select>
      ) : control === 'textarea' ? (
        <Form.Control {...common} as="textarea" rows={rows} onBlur={onBlur} />
      ) : control === 'decimal' ? (
        <Form.Control
          {...common}
          type="text"
          inputMode="decimal"
          onBlur={(event) => void showDecimalRead(event)}
        />
      ) : (
        <Form.Control {...common} type={control} onBlur={onBlur} />
      )}
      {hint && (
        <Form.Text id={hintId} className="d-block">
          {hint}
        </Form.Text>
      )}
      {error && (
        <Form.Control.Feedback type="invalid" id={errorId}>
          {error}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
