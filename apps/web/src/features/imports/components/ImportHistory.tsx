import { Link } from 'react-router';
import { imports as t } from '../../../i18n/imports';
import { formatDateTime, formatInteger } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useLatestImports } from '../api/get-imports';
import type { ImportSummary } from '@magazzino/contract';

const BADGES: Record<ImportSummary['stato'], string> = {
  caricato: 'text-bg-secondary',
  in_corso: 'text-bg-info',
  completato: 'text-bg-success',
  fallito: 'text-bg-warning',
};

/** The address of the page showing one import (its mapping, progress or summary). */
export function importHref(id: string): string {
  return `${paths.imports.getHref()}?${new URLSearchParams({ importazione: id }).toString()}`;
}

/** 'Ultime importazioni': the latest ten, newest first, each opening its own summary. */
export function ImportHistory() {
  const query = useLatestImports(10);
  const c = t.history.columns;
  return (
    <section aria-labelledby="import-history-title" className="mt-5">
      <h2 id="import-history-title" className="h5">
        {t.history.title}
      </h2>
      {query.isError ? (
        <p className="text-danger-emphasis">{t.history.loadError}</p>
      ) : query.data?.length === 0 ? (
        <p className="text-body-secondary">{t.history.empty}</p>
      ) : query.data ? (
        <div className="import-table-wrap">
          <table className="table table-sm align-middle import-stack import-history">
            <caption className="visually-hidden">{t.history.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{c.createdAt}</th>
                <th scope="col">{c.nomeFile}</th>
                <th scope="col">{c.stato}</th>
                <th scope="col" className="text-end">
                  {c.righe}
                </th>
                <th scope="col" className="text-end">
                  {c.importate}
                </th>
                <th scope="col" className="text-end">
                  {c.aggiornate}
                </th>
                <th scope="col" className="text-end">
                  {c.scartate}
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.map((entry) => (
                <tr key={entry._id}>
                  <td data-label={c.createdAt}>{formatDateTime(entry.createdAt)}</td>
                  <th scope="row" data-label={c.nomeFile} className="text-break fw-normal">
                    <Link to={importHref(entry._id)} aria-label={t.history.open(entry.nomeFile)}>
                      {entry.nomeFile}
                    </Link>
                  </th>
                  <td data-label={c.stato}>
                    <span className={`badge ${BADGES[entry.stato]}`}>{t.stati[entry.stato]}</span>
                  </td>
                  <td data-label={c.righe} className="text-end">
                    {formatInteger(entry.righe)}
                  </td>
                  <td data-label={c.importate} className="text-end">
                    {formatInteger(entry.importate)}
                  </td>
                  <td data-label={c.aggiornate} className="text-end">
                    {formatInteger(entry.aggiornate)}
                  </td>
                  <td data-label={c.scartate} className="text-end">
                    {formatInteger(entry.scartate)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
