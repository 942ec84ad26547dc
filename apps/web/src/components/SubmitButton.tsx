import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

interface SubmitButtonProps {
  children: ReactNode;
  /** True while the request is pending: the button is disabled and shows a spinner. */
  pending: boolean;
  /** Announced while pending, e.g. 'Attendere…'. */
  pendingLabel: string;
  className?: string;
}

/** A form's submit button, disabled while its request is pending. */
export function SubmitButton({ children, pending, pendingLabel, className }: SubmitButtonProps) {
  return (
    <Button type="submit" variant="primary" disabled={pending} aria-busy={pending} className={className}>
      {pending && (
        <Spinner as="span" animation="border" size="sm" className="me-2" role="status">
          <span className="visually-hidden">{pendingLabel}</span>
        </Spinner>
      )}
      {children}
    </Button>
  );
}
