import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { LIMITS, LocationSchema, type Location } from '@magazzino/contract';
import { RequiredMark } from '../../../components/RequiredMark';
import { parts as t } from '../../../i18n/parts';

export const LOCATION_FIELDS = ['scaffale', 'campata', 'ripiano', 'cassetta'] as const;

interface LocationFormProps {
  /** The location in the URL (the parent remounts the form when it changes: back/forward, reload). */
  value: Location | null;
  onSearch: (location: Location) => void;
}

/** The four required location inputs and 'Consulta' (SPEC.md screen 14), checked by LocationSchema. */
export function LocationForm({ value, onSearch }: LocationFormProps) {
  const { register, handleSubmit, formState } = useForm<Location, unknown, Location>({
    resolver: zodResolver(LocationSchema),
    defaultValues: value ?? { scaffale: '', campata: '', ripiano: '', cassetta: '' },
  });

  return (
    <Form noValidate onSubmit={handleSubmit(onSearch)} className="row g-2 align-items-start mb-3">
      {LOCATION_FIELDS.map((name) => {
        const message = formState.errors[name]?.message;
        return (
          <Form.Group key={name} className="col-6 col-md-3" controlId={`ubicazione-${name}`}>
            <Form.Label>
              {t.fields[name]}
              <RequiredMark />
            </Form.Label>
            <Form.Control
              {...register(name)}
              required
              maxLength={LIMITS.locationMax}
              autoComplete="off"
              isInvalid={message !== undefined}
              aria-invalid={message !== undefined}
              aria-describedby={message !== undefined ? `ubicazione-${name}-error` : undefined}
            />
            {message !== undefined && (
              <Form.Control.Feedback type="invalid" id={`ubicazione-${name}-error`}>
                {message}
              </Form.Control.Feedback>
            )}
          </Form.Group>
        );
      })}
      <div className="col-12 d-flex flex-wrap gap-2">
        <Button type="submit" variant="primary">
          {t.warehouse.submit}
        </Button>
        <Link className="btn btn-secondary" to="/dashboardpage/">
          {t.warehouse.back}
        </Link>
      </div>
    </Form>
  );
}
