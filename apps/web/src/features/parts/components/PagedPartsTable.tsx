import { useEffect } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { To } from 'react-router';
import { parts as t } from '../../../i18n/parts';
import { formatInteger } from '../../../lib/format';
import type { PartsPage } from '../api/read-page';
import { Pagination } from './Pagination';
import { pageCount } from './pagination-window';
import { PartsTable } from './PartsTable';
import { ErrorMessage, LoadingText } from './QueryStatus';

interface PagedPartsTableProps {
  query: UseQueryResult<PartsPage>;
  page: number;
  pageSize: number;
  hrefFor: (page: number) => To;
  /** Moves to another page without a history entry (used when the page asked for is past the end). */
  replacePage: (page: number) => void;
  caption: string;
  emptyText: string;
  errorTitle: string;
}

/**
 * One page of parts in every state a call can be in: '..Caricamento in corso', the error with
 * 'Riprova', the empty text, or the table with the total count and the pagination.
 */
export function PagedPartsTable(props: PagedPartsTableProps) {
  const { query, page, pageSize, hrefFor, replacePage, caption, emptyText, errorTitle } = props;
  const total = query.data?.total;
  const totalPages = total === undefined ? 1 : pageCount(total, pageSize);

  // Only a count of this very query says the page is past the end (not the previous page's, kept
  // on screen while this one loads).
  const settled = !query.isPlaceholderData && !query.isFetching;
  useEffect(() => {
    // A page past the end (an old link, the last part of a page deleted): show the last page.
    if (settled && total !== undefined && total > 0 && page > totalPages) replacePage(totalPages);
  }, [settled, total, page, totalPages, replacePage]);

  if (query.isPending) return <LoadingText />;
  const error = query.isError ? (
    <ErrorMessage title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />
  ) : null;
  if (!query.data) return error;

  const { parts } = query.data;
  return (
    <>
      {error}
      <p className="mb-2" aria-live="polite">
        {t.pagination.total(formatInteger(query.data.total))}
        {totalPages > 1 && (
          <span className="text-body-secondary">
            {' · '}
            {t.pagination.pageOf(formatInteger(Math.min(page, totalPages)), formatInteger(totalPages))}
          </span>
        )}
      </p>
      {parts.length === 0 ? (
        <p className="my-3 fs-5">{emptyText}</p>
      ) : (
        <div aria-busy={query.isPlaceholderData} className={query.isPlaceholderData ? 'opacity-50' : ''}>
          <PartsTable parts={parts} caption={caption} />
        </div>
      )}
      <Pagination page={page} totalPages={totalPages} hrefFor={hrefFor} />
    </>
  );
}
