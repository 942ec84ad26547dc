import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { PART_FIELD_SPECS } from '@magazzino/contract';
import { FormField } from '../../../components/FormField';
import { parts as t } from '../../../i18n/parts';
import { EMPTY_FILTERS, sameFilters, type ListFilters } from './list-search';

/** Typing pauses this long before the list is asked for again. */
const FILTER_DEBOUNCE_MS = 300;

interface PartsFiltersProps {
  /** The filters in force (from the URL). */
  value: ListFilters;
  /** Commits new filters, debounced while typing. */
  onChange: (filters: ListFilters) => void;
  onReset: () => void;
}

/** The placeholder of each filter; the labels are the fields' own. */
const PLACEHOLDERS = {
  nome: t.list.nomePlaceholder,
  marca: t.list.marcaPlaceholder,
  modello: t.list.modelloPlaceholder,
} as const satisfies Record<keyof ListFilters, string>;

const FILTER_KEYS = Object.keys(PLACEHOLDERS) as (keyof ListFilters)[];

/**
 * The name, brand and model filters with 'RESET'. What is typed shows at once; it reaches the
 * URL (and so the server) after a short pause. When the URL changes by other means (back,
 * forward, a shared link), the inputs follow it.
 */
export function PartsFilters({ value, onChange, onReset }: PartsFiltersProps) {
  const [draft, setDraft] = useState<ListFilters>(value);
  const [committed, setCommitted] = useState<ListFilters>(value);
  if (!sameFilters(committed, value)) {
    // The URL moved (back/forward, reset, a commit of ours): adopt it.
    setCommitted(value);
    setDraft(value);
  }

  useEffect(() => {
    if (sameFilters(draft, value)) return;
    const timer = setTimeout(() => onChange(draft), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value, onChange]);

  const edit = (key: keyof ListFilters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));

  return (
    <Form
      role="search"
      aria-label={t.list.filtersLabel}
      className="row g-2 align-items-end"
      onSubmit={(event) => {
        event.preventDefault();
        if (!sameFilters(draft, value)) onChange(draft);
      }}
    >
      {FILTER_KEYS.map((key) => (
        <FormField
          key={key}
          control="search"
          id={`filtro-${key}`}
          className="col-12 col-md-3"
          labelClassName="small mb-1"
          label={PART_FIELD_SPECS[key].label}
          name={key}
          placeholder={PLACEHOLDERS[key]}
          value={draft[key]}
          onChange={edit(key)}
          autoComplete="off"
        />
      ))}
      <div className="col-12 col-md-3">
        <Button
          type="button"
          variant="secondary"
          className="w-100"
          onClick={() => {
            setDraft(EMPTY_FILTERS);
            onReset();
          }}
        >
          {t.list.reset}
        </Button>
      </div>
    </Form>
  );
}
