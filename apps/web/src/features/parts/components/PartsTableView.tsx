import type { ReactNode } from 'react';
import type { Part, SortField } from '@magazzino/contract';
import { labels as labelTexts } from '../../../i18n/labels';
import { parts as t } from '../../../i18n/parts';
import { listedEtag } from '../api/change-status';
import { EmptyValue } from './EmptyValue';
import { codeSearchUrl, formatDay, formatPeso, formatPrezzo, locationLine } from './format';
import { Highlight } from './Highlight';
import type { ColumnTerms } from './highlight';
import type { ListSort } from './list-search';
import { ManageLinks } from './ManageLinks';
import { PartCode } from './PartCode';
import { PartLocation } from './PartLocation';
import { PartThumbnail } from './PartThumbnail';
import { SelectCheckbox } from './SelectCheckbox';
import { SortHeader } from './SortHeader';
import type { PartSelection } from './use-part-selection';
import { StatusActions } from './StatusActions';
import { StatusBadge } from './StatusBadge';

type ColumnKey = keyof typeof t.table.columns;

/** The columns a header click sorts by, and the API field each one sorts. */
const SORTABLE: Partial<Record<ColumnKey, SortField>> = {
  nome: 'nome',
  stato: 'stato',
  marca: 'marca',
  anno: 'annoImmatricolazione',
  ubicazione: 'ubicazione',
  peso: 'peso',
  prezzo: 'prezzo',
  inseritoIl: 'createdAt',
};

/** How each column draws a part. */
type CellRenderer = (part: Part, terms: ColumnTerms, onOpen: (part: Part) => void) => ReactNode;

const CELLS: Record<ColumnKey, CellRenderer> = {
  immagine: (part, _terms, onOpen) => <PartThumbnail part={part} onOpen={onOpen} size="small" />,
  // The OEM code, and under it the part's own code (its label's), like the version under the model.
  codice: (part, terms) => (
    <>
      {part.codice === null ? (
        <EmptyValue />
      ) : (
        <a href={codeSearchUrl(part.codice)} target="_blank" rel="noopener noreferrer">
          <Highlight text={part.codice} terms={terms.any} lettersAndDigitsOnly />
          <span className="visually-hidden"> ({t.table.searchCode(part.codice)})</span>
        </a>
      )}
      <PartCode code={part.codiceRicambio} />
    </>
  ),
  nome: (part, terms) => <Highlight text={part.nome} terms={terms.nome} />,
  // The status, a reservation's last day, and the moves it allows (for a role that may change parts).
  stato: (part) => (
    <>
      <StatusBadge part={part} />
      <StatusActions part={part} etag={listedEtag(part)} variant="menu" />
    </>
  ),
  categoria: (part, terms) => <Highlight text={part.categoria} terms={terms.any} />,
  condizione: (part, terms) => <Highlight text={part.condizione} terms={terms.any} />,
  marca: (part, terms) => <Highlight text={part.marca} terms={terms.marca} />,
  // The version under the model: one column for both keeps the table within 1024 px.
  modello: (part, terms) => (
    <>
      <Highlight text={part.modello} terms={terms.modello} />
      <span className="d-block text-body-secondary parts-version">
        {part.versione === null ? <EmptyValue /> : <Highlight text={part.versione} terms={terms.any} />}
      </span>
    </>
  ),
  anno: (part, terms) => <Highlight text={part.annoImmatricolazione} terms={terms.any} />,
  ubicazione: (part, terms) => <PartLocation location={part} terms={terms.any} />,
  peso: (part) => (part.peso === null ? <EmptyValue /> : formatPeso(part.peso)),
  prezzo: (part) => (part.prezzo === null ? <EmptyValue /> : formatPrezzo(part.prezzo)),
  inseritoIl: (part) => <time dateTime={part.createdAt}>{formatDay(part.createdAt)}</time>,
  gestisci: (part) => <ManageLinks part={part} variant="table" />,
};

const COLUMN_KEYS = Object.keys(t.table.columns) as ColumnKey[];

/** The free text each text column shows, checked for words too long to keep whole. */
const TEXTS: Partial<Record<ColumnKey, (part: Part) => string>> = {
  codice: (part) => part.codice ?? '',
  nome: (part) => part.nome,
  categoria: (part) => part.categoria,
  condizione: (part) => part.condizione,
  marca: (part) => part.marca,
  modello: (part) => `${part.modello} ${part.versione ?? ''}`,
  ubicazione: (part) => locationLine(part),
};

/** Longer words than this may break anywhere (a column would otherwise grow to hold them). */
const LONG_WORD = 16;

/** The classes of a cell: its column's, and 'parts-cell-long' for a value with a very long word. */
function cellClass(key: ColumnKey, part: Part): string {
  const text = TEXTS[key]?.(part) ?? '';
  const long = text.split(/\s+/).some((word) => word.length > LONG_WORD);
  return long ? `parts-col-${key} parts-cell-long` : `parts-col-${key}`;
}

interface PartsTableViewProps {
  parts: Part[];
  caption: string;
  terms: ColumnTerms;
  onOpen: (part: Part) => void;
  /** The order shown; with `onSort`, the sortable headers become buttons. */
  sort?: ListSort | null;
  onSort?: (sort: ListSort) => void;
  /** Rows chosen for labels: a first column of checkboxes. */
  selection?: PartSelection | undefined;
}

/** The parts as a table (tablets and desktops), sized to fit 1024 px without sideways scrolling. */
export function PartsTableView({
  parts,
  caption,
  terms,
  onOpen,
  sort = null,
  onSort,
  selection,
}: PartsTableViewProps) {
  return (
    <div className="table-responsive parts-table-wrapper">
      <table className="table table-striped table-hover align-middle parts-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {selection && (
              <th scope="col" className="parts-col-seleziona d-print-none">
                <span className="visually-hidden">{labelTexts.select.column}</span>
              </th>
            )}
            {COLUMN_KEYS.map((key) => {
              const field = SORTABLE[key];
              const label = t.table.columns[key];
              const className = `parts-col-${key}`;
              return field && onSort ? (
                <SortHeader
                  key={key}
                  label={label}
                  field={field}
                  sort={sort}
                  onSort={onSort}
                  className={className}
                />
              ) : (
                <th key={key} scope="col" className={className}>
                  {label}
                  {key === 'modello' && (
                    <span className="d-block fw-normal text-body-secondary">{t.table.versionSubheading}</span>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {parts.map((part) => (
            <tr key={part._id}>
              {selection && (
                <td className="parts-col-seleziona d-print-none">
                  <SelectCheckbox
                    label={labelTexts.select.row(part.nome)}
                    checked={selection.has(part._id)}
                    onChange={(checked) => selection.set([part._id], checked)}
                  />
                </td>
              )}
              {COLUMN_KEYS.map((key) => (
                <td key={key} className={cellClass(key, part)}>
                  {CELLS[key](part, terms, onOpen)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
