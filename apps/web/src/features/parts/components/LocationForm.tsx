import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  LOCATION_FIELDS,
  LocationLookupSchema,
  PART_FIELD_SPECS,
  type LocationLookup,
} from '@magazzino/contract';
import { FormField } from '../../../components/FormField';
import { ScanButton } from '../../../components/scan/ScanButton';
import { parts as t } from '../../../i18n/parts';
import { paths } from '../../../lib/paths';

interface LocationFormProps {
  /** The location in the URL (the parent remounts the form when it changes: back/forward, reload). */
  value: LocationLookup;
  onSearch: (lookup: LocationLookup) => void;
}

/**
 * The four location inputs and 'Consulta', checked by the contract's LocationLookupSchema: the
 * scaffale is required, the others narrow it down in order (a ripiano without its campata is
 * 'Indica prima la campata'). 'Scansiona' reads a bin's label instead.
 */
export function LocationForm({ value, onSearch }: LocationFormProps) {
  const { register, handleSubmit, formState } = useForm<LocationLookup, unknown, LocationLookup>({
    resolver: zodResolver(LocationLookupSchema),
    defaultValues: value,
  });
  const onSubmit = handleSubmit(onSearch);

  return (
    <Form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="row g-2 align-items-start mb-3 part-form"
    >
      {LOCATION_FIELDS.map((name) => (
        <FormField
          key={name}
          {...register(name)}
          id={`ubicazione-${name}`}
          className="col-12 col-sm-6 col-md-3"
          label={PART_FIELD_SPECS[name].label}
          maxLength={PART_FIELD_SPECS[name].maxLength}
          required={name === 'scaffale'}
          autoComplete="off"
          enterKeyHint="search"
          error={formState.errors[name]?.message}
        />
      ))}
      <div className="col-12 d-flex flex-wrap gap-2">
        <Button type="submit" variant="primary">
          {t.warehouse.submit}
        </Button>
        {/* A bin's label read instead of typed: its four segments, the exact bin. */}
        <ScanButton />
        <Link className="btn btn-secondary" to={paths.dashboard.getHref()}>
          {t.warehouse.back}
        </Link>
      </div>
    </Form>
  );
}
