import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { LOCATION_FIELDS, PART_FIELD_SPECS, type Part } from '@magazzino/contract';
import { parts as t } from '../../../i18n/parts';
import { paths } from '../../../lib/paths';
import { codeSearchUrl, formatPeso } from './format';
import { PartThumbnail } from './PartThumbnail';
import './parts.css';

// The viewer is fetched on the first click: the list itself never pays for it.
const ImageLightbox = lazy(() => import('./ImageLightbox'));

const COLUMNS = t.table.columns;
/** The location lines of a row: 'SCAFFALE: A', 'CAMPATA: 1', … */
const LOCATION_LABELS = LOCATION_FIELDS.map(
  (name) => [name, PART_FIELD_SPECS[name].label.toUpperCase()] as const,
);

interface PartsTableProps {
  parts: Part[];
  /** Accessible name of the table. */
  caption: string;
}

/**
 * The parts table, shared by the list, a category and the warehouse lookup: exactly the columns
 * Immagine … Gestisci. On a phone each row becomes a stacked card (parts.css).
 */
export function PartsTable({ parts, caption }: PartsTableProps) {
  // The viewer puts the focus back on the thumbnail button it was opened from.
  const [viewing, setViewing] = useState<Part | null>(null);

  return (
    <>
      <div className="table-responsive parts-table-wrapper">
        <table className="table table-striped table-hover align-middle parts-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {Object.values(COLUMNS).map((label) => (
                <th key={label} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {parts.map((part) => (
              <tr key={part._id}>
                <td data-label={COLUMNS.immagine}>
                  <PartThumbnail part={part} onOpen={setViewing} />
                </td>
                <td data-label={COLUMNS.codice}>
                  <a href={codeSearchUrl(part.codice)} target="_blank" rel="noopener noreferrer">
                    {part.codice}
                    <span className="visually-hidden"> ({t.table.searchCode(part.codice)})</span>
                  </a>
                </td>
                <td data-label={COLUMNS.nome}>{part.nome}</td>
                <td data-label={COLUMNS.categoria}>{part.categoria}</td>
                <td data-label={COLUMNS.condizione}>{part.condizione}</td>
                <td data-label={COLUMNS.marca}>{part.marca}</td>
                <td data-label={COLUMNS.modello}>{part.modello}</td>
                <td data-label={COLUMNS.versione}>{part.versione}</td>
                <td data-label={COLUMNS.anno}>{part.annoImmatricolazione}</td>
                <td data-label={COLUMNS.ubicazione}>
                  <div>
                    {LOCATION_LABELS.map(([name, label]) => (
                      <span key={name} className="d-block">
                        {label}: {part[name]}
                      </span>
                    ))}
                  </div>
                </td>
                <td data-label={COLUMNS.peso} className="text-nowrap">
                  {formatPeso(part.peso)}
                </td>
                <td data-label={COLUMNS.gestisci}>
                  <div className="d-flex flex-wrap gap-1 d-print-none">
                    <Link className="btn btn-sm btn-primary" to={paths.editPart.getHref(part._id)}>
                      {t.table.edit}
                      <span className="visually-hidden"> {part.nome}</span>
                    </Link>
                    <Link className="btn btn-sm btn-danger" to={paths.deletePart.getHref(part._id)}>
                      {t.table.remove}
                      <span className="visually-hidden"> {part.nome}</span>
                    </Link>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {viewing && (
        <Suspense fallback={null}>
          <ImageLightbox
            slides={[
              { src: viewing.urlImmagine ?? viewing.urlMiniatura ?? '', alt: t.table.photoOf(viewing.nome) },
            ]}
            onClose={() => setViewing(null)}
          />
        </Suspense>
      )}
    </>
  );
}
