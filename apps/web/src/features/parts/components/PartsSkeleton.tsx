import { LoadingSkeleton } from '../../../components/LoadingSkeleton';
import { parts as t } from '../../../i18n/parts';
import { useMediaQuery } from '../../../lib/use-media-query';
import { PHONE } from './PartsTable';
import './parts.css';

/** More rows than this would all be below the fold: the skeleton stops there. */
const MAX_ROWS = 10;

const COLUMNS = Object.keys(t.table.columns) as (keyof typeof t.table.columns)[];

interface PartsSkeletonProps {
  /** Rows to draw: the page size (up to MAX_ROWS), so the page does not jump when they arrive. */
  rows: number;
  /** The list is sortable: on a phone, room for 'Ordina per' above the cards. */
  sortable?: boolean;
}

/** A grey stand-in the size of a text line. */
function Line({ width }: { width: string }) {
  return <span className="placeholder d-inline-block rounded" style={{ width }} />;
}

/**
 * A page of parts on its way (its own class names, styled like the real rows and cards, so nothing
 * takes a skeleton for a loaded list): the count line, then rows (a table on a desktop, cards on a phone)
 * drawn at the size of the real ones, announced as 'Caricamento in corso…'.
 */
export function PartsSkeleton({ rows, sortable = false }: PartsSkeletonProps) {
  const phone = useMediaQuery(PHONE);
  const count = Array.from({ length: Math.max(1, Math.min(rows, MAX_ROWS)) }, (_, i) => i);
  return (
    <LoadingSkeleton>
      <p className="mb-2">
        <Line width="12rem" />
      </p>
      {phone ? (
        <>
          {sortable && <div className="parts-skeleton-select placeholder rounded mb-2" />}
          <ul className="list-unstyled parts-cards mb-3">
            {count.map((i) => (
              <li key={i} className="card parts-card-skeleton">
                <div className="parts-card-main">
                  <span className="parts-thumb parts-thumb-small placeholder rounded" />
                  <div className="parts-card-text">
                    <p className="parts-card-title">
                      <Line width={`${55 + ((i * 13) % 30)}%`} />
                    </p>
                    <p className="parts-card-line">
                      <Line width="70%" />
                    </p>
                    <p className="parts-card-line">
                      <Line width="55%" />
                    </p>
                  </div>
                </div>
                <div className="parts-manage parts-manage-card">
                  <span className="btn placeholder flex-fill" />
                  <span className="btn placeholder flex-fill" />
                  <span className="btn placeholder flex-fill parts-danger" />
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <div className="table-responsive parts-table-wrapper">
          <table className="table align-middle parts-table-skeleton">
            <thead>
              <tr>
                {COLUMNS.map((key) => (
                  <th key={key} scope="col" className={`parts-col-${key}`}>
                    {t.table.columns[key]}
                    {key === 'modello' && (
                      <span className="d-block fw-normal text-body-secondary">
                        {t.table.versionSubheading}
                      </span>
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {count.map((i) => (
                <tr key={i}>
                  {COLUMNS.map((key) => (
                    <td key={key} className={`parts-col-${key}`}>
                      {key === 'immagine' ? (
                        <span className="parts-thumb parts-thumb-small placeholder rounded" />
                      ) : (
                        <Line width={key === 'nome' ? '85%' : '60%'} />
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </LoadingSkeleton>
  );
}
