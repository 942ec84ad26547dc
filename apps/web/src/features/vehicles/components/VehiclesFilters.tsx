import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { FormField } from '../../../components/FormField';
import { vehicles as t } from '../../../i18n/vehicles';
import type { VehiclesListFilter } from '../api/query-keys';
import { EMPTY_VEHICLE_FILTERS, sameVehicleFilters, VEHICLE_FILTERS } from './use-vehicle-search';
import './vehicles.css';

/** The filters folded behind 'Filtri (n)' on a phone; the targa, the one read off a car, stays out. */
const FOLDED = ['telaio', 'marca', 'modello'] as const satisfies readonly (keyof VehiclesListFilter)[];

/** Typing pauses this long before the list is asked for again (as the parts list). */
const FILTER_DEBOUNCE_MS = 300;

interface VehiclesFiltersProps {
  /** The filters in force (from the URL). */
  value: VehiclesListFilter;
  /** Commits new filters (debounced while typing). */
  onChange: (filters: VehiclesListFilter) => void;
}

/**
 * Targa, telaio, marca and modello, each a substring the server matches ignoring case, accents
 * and (targa, telaio) spaces; 'Azzera filtri'. What is typed reaches the URL after a short pause
 * (Enter at once); when the URL changes by other means (back, a shared link) the boxes follow it.
 */
export function VehiclesFilters({ value, onChange }: VehiclesFiltersProps) {
  const [draft, setDraft] = useState(value);
  const [committed, setCommitted] = useState(value);
  const [open, setOpen] = useState(false);
  if (!sameVehicleFilters(committed, value)) {
    // The URL moved: the boxes it changed adopt it, unless typed in since.
    const next = { ...draft };
    for (const key of VEHICLE_FILTERS) {
      if (committed[key] !== value[key] && draft[key] === committed[key]) next[key] = value[key];
    }
    setCommitted(value);
    setDraft(next);
  }

  useEffect(() => {
    if (sameVehicleFilters(draft, value)) return;
    const timer = setTimeout(() => onChange(draft), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value, onChange]);

  const field = (key: keyof VehiclesListFilter, className: string) => (
    <FormField
      key={key}
      control="search"
      enterKeyHint="search"
      id={`filtro-veicolo-${key}`}
      className={className}
      labelClassName="small mb-1"
      label={t.fields[key]}
      name={key}
      placeholder={t.list.placeholders[key]}
      value={draft[key]}
      onChange={(event) => setDraft((current) => ({ ...current, [key]: event.target.value }))}
      autoComplete="off"
    />
  );

  return (
    <Form
      role="search"
      aria-label={t.list.filtersLabel}
      className="row g-2 align-items-end"
      onSubmit={(event) => {
        event.preventDefault();
        if (!sameVehicleFilters(draft, value)) onChange(draft);
      }}
      onKeyDown={(event) => {
        // Enter searches at once (with several boxes and no submit button the browser would not).
        if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
          event.preventDefault();
          if (!sameVehicleFilters(draft, value)) onChange(draft);
        }
      }}
    >
      {field('targa', 'col-12 col-md-3')}
      <div className="col-12 d-md-none">
        <Button
          type="button"
          variant="soft-secondary"
          className="w-100"
          aria-expanded={open}
          aria-controls="vehicle-filter-panel"
          onClick={() => setOpen((current) => !current)}
        >
          {t.list.filtersToggle(FOLDED.filter((key) => value[key].trim() !== '').length)}
        </Button>
      </div>
      <div
        id="vehicle-filter-panel"
        className={`col-12 col-md-9 vehicle-filter-panel${open ? ' vehicle-filter-panel-open' : ''}`}
      >
        <div className="row g-2 align-items-end">
          {FOLDED.map((key) => field(key, 'col-12 col-md-4'))}
          <div className="col-12 col-md-4 ms-md-auto">
            <Button
              type="button"
              variant="secondary"
              className="w-100"
              onClick={() => {
                setDraft(EMPTY_VEHICLE_FILTERS);
                onChange(EMPTY_VEHICLE_FILTERS);
              }}
            >
              {t.list.reset}
            </Button>
          </div>
        </div>
      </div>
    </Form>
  );
}
