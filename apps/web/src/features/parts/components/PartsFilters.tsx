import { useEffect, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router';
import { PART_FIELD_SPECS, parseScanned } from '@magazzino/contract';
import { FormField } from '../../../components/FormField';
import { messages } from '../../../i18n';
import { parts as t } from '../../../i18n/parts';
import { scannedHref } from '../../../lib/scan-target';
import {
  activeFieldFilters,
  EMPTY_FILTERS,
  FIELD_FILTERS,
  isPriceBound,
  PRICE_FILTERS,
  sameFilters,
  type FieldFilter,
  type ListFilters,
} from './list-search';
import { StatusFilterSelect } from './StatusFilterSelect';

/** Typing pauses this long before the list is asked for again. */
export const FILTER_DEBOUNCE_MS = 300;
/** 'Cerca ovunque' searches by itself from this many characters (Enter searches any text at once). */
export const SEARCH_MIN_LENGTH = 3;

interface PartsFiltersProps {
  /** The filters in force (from the URL). */
  value: ListFilters;
  /** Commits new filters, debounced while typing. */
  onChange: (filters: Partial<ListFilters>) => void;
  onReset: () => void;
}

/** The placeholder of each filter; the labels are the fields' own. */
const PLACEHOLDERS = {
  nome: t.list.nomePlaceholder,
  marca: t.list.marcaPlaceholder,
  modello: t.list.modelloPlaceholder,
} as const satisfies Record<FieldFilter, string>;

const KEYS = Object.keys(EMPTY_FILTERS) as (keyof ListFilters)[];

const PRICE_LABELS = {
  prezzoMin: messages.lifecycle.filter.prezzoMin,
  prezzoMax: messages.lifecycle.filter.prezzoMax,
} as const;

/** The filters as typed, with a price bound that cannot be read left as it is in force. */
function sendable(draft: ListFilters, value: ListFilters): ListFilters {
  const next = { ...draft };
  for (const key of PRICE_FILTERS) if (!isPriceBound(draft[key])) next[key] = value[key];
  return next;
}

/** Whether a free-text search is worth sending by itself: empty (no search), or long enough. */
function searchReady(q: string): boolean {
  const text = q.trim();
  return text === '' || text.length >= SEARCH_MIN_LENGTH;
}

/**
 * 'Cerca ovunque', the name, brand and model filters, 'Stato' and the price range, with 'Azzera
 * filtri'. What is typed shows at once; it reaches the URL (and so the server) after a short
 * pause, a search of one or two characters only with Enter, a price only once it reads as one.
 * A status chosen applies at once. When the URL changes by other means (back, forward, a shared
 * link), the boxes it changed follow it. On a phone every filter but the search folds behind
 * 'Filtri (n)'. Enter on a label's code in the search (a part's, 'U:B-04-3-12', a label's URL)
 * opens what it names, as a scan would.
 */
export function PartsFilters({ value, onChange, onReset }: PartsFiltersProps) {
  const [draft, setDraft] = useState<ListFilters>(value);
  const [committed, setCommitted] = useState<ListFilters>(value);
  const [open, setOpen] = useState(false);
  if (!sameFilters(committed, value)) {
    // The URL moved (back/forward, a commit of ours): the boxes it changed adopt it, unless the
    // clerk has typed in them since the last change arrived (a URL change that lands late, on a
    // busy phone, must not overwrite the newer text; that text is sent in its turn).
    const next = { ...draft };
    for (const key of KEYS) {
      if (committed[key] !== value[key] && draft[key] === committed[key]) next[key] = value[key];
    }
    setCommitted(value);
    setDraft(next);
  }

  // What typing sends: the filters as typed, the search only once it is worth sending, and a
  // search that differs only by surrounding spaces is the same search.
  const pending = useMemo<ListFilters>(
    () => ({
      ...sendable(draft, value),
      q: searchReady(draft.q) && draft.q.trim() !== value.q.trim() ? draft.q : value.q,
    }),
    [draft, value],
  );
  useEffect(() => {
    if (sameFilters(pending, value)) return;
    const timer = setTimeout(() => onChange(pending), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [pending, value, onChange]);

  const navigate = useNavigate();
  const commitNow = () => {
    const next = sendable(draft, value);
    if (!sameFilters(next, value)) onChange(next);
  };
  const edit = (key: keyof ListFilters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));

  const active = activeFieldFilters(value);
  return (
    <Form
      role="search"
      aria-label={t.list.filtersLabel}
      className="row g-2 align-items-start"
      onSubmit={(event) => {
        event.preventDefault();
        commitNow();
      }}
      onKeyDown={(event) => {
        // Enter searches at once, any text (with several boxes and no submit button, the browser
        // would not submit the form by itself).
        if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
          event.preventDefault();
          // A label's code in the search, typed by a USB or Bluetooth scanner (or by hand): Enter
          // opens what it names, like 'Scansiona' (a part's page, a bin's contents).
          const scanned = event.target.name === 'q' ? parseScanned(event.target.value) : null;
          if (scanned) void navigate(scannedHref(scanned));
          else commitNow();
        }
      }}
    >
      <div className="col-12 col-md-6 col-xl-4">
        <FormField
          control="search"
          enterKeyHint="search"
          id="filtro-q"
          className="mb-0"
          labelClassName="small mb-1 fw-semibold"
          label={t.list.searchLabel}
          name="q"
          placeholder={t.list.searchPlaceholder}
          hint={t.list.searchHint}
          value={draft.q}
          onChange={edit('q')}
          autoComplete="off"
        />
      </div>
      <div className="col-12 d-md-none">
        <Button
          type="button"
          variant="soft-secondary"
          className="w-100"
          aria-expanded={open}
          aria-controls="parts-filter-panel"
          onClick={() => setOpen((current) => !current)}
        >
          {t.list.filtersToggle(active)}
        </Button>
      </div>
      <div
        id="parts-filter-panel"
        className={`col-12 col-xl-8 parts-filter-panel${open ? ' parts-filter-panel-open' : ''}`}
      >
        <div className="row g-2 align-items-end">
          {FIELD_FILTERS.map((key) => (
            <FormField
              key={key}
              control="search"
              enterKeyHint="search"
              id={`filtro-${key}`}
              className="col-12 col-sm-6 col-md-3"
              labelClassName="small mb-1"
              label={PART_FIELD_SPECS[key].label}
              name={key}
              placeholder={PLACEHOLDERS[key]}
              value={draft[key]}
              onChange={edit(key)}
              autoComplete="off"
            />
          ))}
          <StatusFilterSelect
            id="filtro-stato"
            className="col-12 col-sm-6 col-md-3"
            labelClassName="small mb-1"
            value={draft.stato}
            onChange={(stato) => {
              setDraft((current) => ({ ...current, stato }));
              onChange({ stato });
            }}
          />
          {PRICE_FILTERS.map((key) => (
            <FormField
              key={key}
              // Text as typed (no rewriting on blur, which would send the same bound again).
              inputMode="decimal"
              enterKeyHint="search"
              id={`filtro-${key}`}
              className="col-6 col-md-3"
              labelClassName="small mb-1"
              label={PRICE_LABELS[key]}
              name={key}
              placeholder={messages.lifecycle.filter.prezzoPlaceholder}
              value={draft[key]}
              onChange={edit(key)}
              error={isPriceBound(draft[key]) ? undefined : messages.lifecycle.filter.prezzoInvalid}
              autoComplete="off"
            />
          ))}
          <div className="col-12 col-md-3 ms-md-auto">
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
        </div>
      </div>
    </Form>
  );
}
