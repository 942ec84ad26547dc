import type { ReactNode } from 'react';
import { Link, type To } from 'react-router';
import { parts as t } from '../i18n/parts';
import { formatInteger } from '../lib/format';
import { pageWindow } from '../lib/pagination-window';

interface PaginationProps {
  page: number;
  totalPages: number;
  /** Link target of a page (pages are links: shareable, and back/forward walk through them). */
  hrefFor: (page: number) => To;
  /**
   * The count is only a lower bound: `totalPages` pages are known to exist, and more may follow
   * (then 'Pagina successiva' stays usable, and there is no last page to jump to).
   */
  openEnded?: boolean;
}

/**
 * One control of the pagination: a link, or an inert item when it leads nowhere. The visible
 * symbol is hidden from screen readers, which read the label instead.
 */
function PageLink(props: { to: To | null; label: string; current?: boolean; children: ReactNode }) {
  const { to, label, current = false, children } = props;
  const className = `page-item${current ? ' active' : ''}${to === null && !current ? ' disabled' : ''}`;
  const content = (
    <>
      <span aria-hidden="true">{children}</span>
      <span className="visually-hidden">{label}</span>
    </>
  );
  return (
    <li className={className}>
      {to === null || current ? (
        <span className="page-link" aria-current={current ? 'page' : undefined}>
          {content}
        </span>
      ) : (
        <Link className="page-link" to={to}>
          {content}
        </Link>
      )}
    </li>
  );
}

/**
 * Windowed numbered pagination: first, previous, a few pages around the current
 * one, next, last. The current page is highlighted and marked aria-current="page". With an open
 * end (a count the server stopped at) the row ends with a gap and 'Ultima pagina' is inert.
 */
export function Pagination({ page, totalPages, hrefFor, openEnded = false }: PaginationProps) {
  if (totalPages <= 1 && !openEnded) return null;
  const hasPrevious = page > 1;
  const hasNext = page < totalPages;
  return (
    <nav aria-label={t.pagination.label} className="d-print-none">
      <ul className="pagination flex-wrap mb-0">
        <PageLink to={hasPrevious ? hrefFor(1) : null} label={t.pagination.first}>
          «
        </PageLink>
        <PageLink to={hasPrevious ? hrefFor(page - 1) : null} label={t.pagination.previous}>
          ‹
        </PageLink>
        {pageWindow(page, totalPages, 2, openEnded).map((item) =>
          typeof item === 'number' ? (
            <PageLink
              key={item}
              to={hrefFor(item)}
              label={t.pagination.page(formatInteger(item))}
              current={item === page}
            >
              {formatInteger(item)}
            </PageLink>
          ) : (
            <li key={item} className="page-item disabled" aria-hidden="true">
              <span className="page-link">…</span>
            </li>
          ),
        )}
        <PageLink to={hasNext ? hrefFor(page + 1) : null} label={t.pagination.next}>
          ›
        </PageLink>
        <PageLink to={hasNext && !openEnded ? hrefFor(totalPages) : null} label={t.pagination.last}>
          »
        </PageLink>
      </ul>
    </nav>
  );
}
