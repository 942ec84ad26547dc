import { useId, type InputHTMLAttributes } from 'react';
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { RequiredMark } from './RequiredMark';

export interface FormFieldProps {
  /** What react-hook-form's `register(name)` returned: gives the input its `name` (the API field). */
  registration: UseFormRegisterReturn;
  label: string;
  type?: 'text' | 'email' | 'password' | 'number' | 'search';
  /** Marks the label with an asterisk and the input as required for assistive technology. */
  required?: boolean;
  /** The message shown next to the input (from the schema or the server's `fields`). */
  error?: string | undefined;
  /** A short help text under the input. */
  hint?: string;
  autoComplete?: InputHTMLAttributes<HTMLInputElement>['autoComplete'];
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  placeholder?: string;
  autoFocus?: boolean;
}

/**
 * A labelled input with its help text and error message wired for assistive technology
 * (aria-invalid, aria-describedby). The form itself uses `noValidate`: the shared zod schema
 * gives the messages, in Italian, the same as the server's.
 */
export function FormField({
  registration,
  label,
  type = 'text',
  required = false,
  error,
  hint,
  ...inputProps
}: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>
        {label}
        {required && <RequiredMark />}
      </Form.Label>
      <Form.Control
        type={type}
        required={required}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...inputProps}
        {...registration}
      />
      {hint && (
        <Form.Text id={hintId} className="d-block">
          {hint}
        </Form.Text>
      )}
      <Form.Control.Feedback type="invalid" id={errorId}>
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}
