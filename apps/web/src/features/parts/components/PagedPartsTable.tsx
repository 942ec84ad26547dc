import { useEffect, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { To } from 'react-router';
import { parts as t } from '../../../i18n/parts';
import { formatInteger } from '../../../lib/format';
import type { PartsPage } from '../api/read-page';
import type { ListSearchText } from './highlight';
import type { ListSort } from './list-search';
import { Pagination } from '../../../components/Pagination';
import { pageCount } from '../../../lib/pagination-window';
import { PartsSkeleton } from './PartsSkeleton';
import { PartsTable } from './PartsTable';
import type { PartSelection } from './use-part-selection';
import { ErrorMessage } from '../../../components/ErrorMessage';

interface PagedPartsTableProps {
  query: UseQueryResult<PartsPage>;
  page: number;
  pageSize: number;
  hrefFor: (page: number) => To;
  /** Moves to another page without a history entry (used when the page asked for is past the end). */
  replacePage: (page: number) => void;
  caption: string;
  /** What an empty page says, with its next step (an EmptyState). */
  empty: ReactNode;
  errorTitle: string;
  /** The search shown, marked in the table. */
  search?: ListSearchText;
  /** The order shown and how to change it (the sortable headers). */
  sort?: ListSort | null;
  onSort?: (sort: ListSort) => void;
  /** Rows chosen for labels (the list): a checkbox per row and 'Seleziona tutti'. */
  selection?: PartSelection;
}

/**
 * How many pages are known to exist: all of them with an exact count; with a count the server
 * stopped at, at least those it counted, and one more while the page shown is full.
 */
function knownPages(data: PartsPage | undefined, page: number, pageSize: number): number {
  if (!data) return 1;
  const counted = pageCount(data.total, pageSize);
  if (data.exact) return counted;
  return Math.max(counted, data.parts.length === pageSize ? page + 1 : page);
}

/**
 * One page of parts in every state a call can be in: skeleton rows while it loads, the error with
 * 'Riprova', the empty state with its next step, or the table with the total count and the
 * pagination. A count the server stopped at reads 'Più di 1.000 componenti', and the next page
 * stays reachable while pages come back full.
 */
export function PagedPartsTable(props: PagedPartsTableProps) {
  const { query, page, pageSize, hrefFor, replacePage, caption, empty, errorTitle } = props;
  const data = query.data;
  const totalPages = knownPages(data, page, pageSize);

  // Only a count of this very query says the page is past the end (not the previous page's, kept
  // on screen while this one loads).
  const settled = !query.isPlaceholderData && !query.isFetching;
  const pastTheEnd =
    data !== undefined &&
    (data.exact ? data.total > 0 && page > totalPages : data.parts.length === 0 && page > 1);
  const target = data?.exact ? totalPages : page - 1;
  useEffect(() => {
    // A page past the end (an old link, the last part of a page deleted): show the last page.
    if (settled && pastTheEnd) replacePage(target);
  }, [settled, pastTheEnd, target, replacePage]);

  if (query.isPending) return <PartsSkeleton rows={pageSize} sortable={props.onSort !== undefined} />;
  const error = query.isError ? (
    <ErrorMessage title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />
  ) : null;
  if (!data) return error;

  const { parts, total, exact } = data;
  return (
    <>
      {error}
      <p className="mb-2" aria-live="polite">
        {exact ? t.pagination.total(formatInteger(total)) : t.pagination.moreThan(formatInteger(total))}
        {(totalPages > 1 || !exact) && (
          <span className="text-body-secondary">
            {' · '}
            {exact
              ? t.pagination.pageOf(formatInteger(Math.min(page, totalPages)), formatInteger(totalPages))
              : t.pagination.page(formatInteger(page))}
          </span>
        )}
      </p>
      {parts.length === 0 ? (
        empty
      ) : (
        <div aria-busy={query.isPlaceholderData} className={query.isPlaceholderData ? 'opacity-50' : ''}>
          <PartsTable
            parts={parts}
            caption={caption}
            search={props.search}
            sort={props.sort}
            onSort={props.onSort}
            selection={props.selection}
          />
        </div>
      )}
      <Pagination page={page} totalPages={totalPages} hrefFor={hrefFor} openEnded={!exact} />
    </>
  );
}
