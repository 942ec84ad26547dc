import { Link, useSearchParams } from 'react-router';
import { LOCATION_FIELDS, lookupSegments, type LocationLookup } from '@magazzino/contract';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { messages } from '../../../i18n';
import { parts as t } from '../../../i18n/parts';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocationParts } from '../api/get-location-parts';
import { locationPrefixWords } from '../components/format';
import { sortParam, SEARCH_KEYS, type ListSort } from '../components/list-search';
import { LocationForm } from '../components/LocationForm';
import { PagedPartsTable } from '../components/PagedPartsTable';
import { PageSizeSelect } from '../components/PageSizeSelect';
import { PrintLabelsLink } from '../components/PrintLabelsLink';
import { StatusFilterSelect } from '../components/StatusFilterSelect';
import { useListSearch } from '../components/use-list-search';
import '../components/parts.css';

/** The server's order: a whole place by location, then registration; the exact place newest first. */
const BY_LOCATION: ListSort = { field: 'ubicazione', descending: false };
const NEWEST_FIRST: ListSort = { field: 'createdAt', descending: true };

/** The location searched, from the URL query ('' for a segment not given). */
function lookupFrom(search: URLSearchParams): LocationLookup {
  const [scaffale = '', campata = '', ripiano = '', cassetta = ''] = LOCATION_FIELDS.map((name) =>
    (search.get(name) ?? '').trim(),
  );
  return { scaffale, campata, ripiano, cassetta };
}

/**
 * 'Consulta Magazzino': the parts under any leading part of a location (a scaffale; a scaffale and
 * campata; ... all four: the exact place), sorted by location, paged like the list. The URL query
 * carries only the segments given (with the page, its size and the order), so a reload or a shared
 * link repeats the search.
 */
export default function WarehousePage() {
  useDocumentTitle(t.warehouse.title);
  const [search, setSearch] = useSearchParams();
  const lookup = lookupFrom(search);
  const segments = lookupSegments(lookup);
  const { filters, setFilters, sort, page, pageSize, setSort, setPageSize, replacePage, pageHref } =
    useListSearch();
  const query = useLocationParts(segments, {
    limit: pageSize,
    offset: (page - 1) * pageSize,
    sort: sort ? sortParam(sort) : null,
    stato: filters.stato,
  });

  const onSearch = (next: LocationLookup) => {
    // Only the segments given; a new place starts on page 1 in its own order, same page size and status.
    const params = new URLSearchParams();
    for (const segment of LOCATION_FIELDS) if (next[segment] !== '') params.set(segment, next[segment]);
    for (const key of [SEARCH_KEYS.pageSize, SEARCH_KEYS.stato]) {
      const kept = search.get(key);
      if (kept !== null) params.set(key, kept);
    }
    setSearch(params);
  };

  const where = locationPrefixWords(segments);
  return (
    <section className="container-fluid px-lg-4">
      <PageHeader title={t.warehouse.heading} />
      <LocationForm key={JSON.stringify(lookup)} value={lookup} onSearch={onSearch} />
      {segments.length > 0 && (
        <>
          <div className="d-flex flex-wrap gap-2 column-gap-4 mb-3">
            <StatusFilterSelect
              id="magazzino-stato"
              className="d-flex align-items-center gap-2 d-print-none"
              labelClassName="mb-0 text-nowrap"
              inputClassName="w-auto"
              value={filters.stato}
              onChange={(stato) => setFilters({ stato })}
            />
            <PageSizeSelect value={pageSize} onChange={setPageSize} />
            {/* The labels of every part under this place (or, switched there, of its bins). */}
            <PrintLabelsLink
              className="btn btn-soft-secondary d-print-none"
              target={{ tipo: 'componenti', segments, stato: filters.stato }}
            >
              {messages.labels.open.location}
            </PrintLabelsLink>
          </div>
          <PagedPartsTable
            query={query}
            page={page}
            pageSize={pageSize}
            hrefFor={pageHref}
            replacePage={replacePage}
            caption={t.warehouse.results(where)}
            empty={
              <EmptyState
                icon="shelf"
                title={t.warehouse.empty}
                text={t.warehouse.emptyText}
                action={
                  segments.length > 1 ? (
                    <Link
                      className="btn btn-primary"
                      to={{
                        pathname: paths.warehouse.getHref(),
                        search: `?${new URLSearchParams({ scaffale: lookup.scaffale }).toString()}`,
                      }}
                    >
                      {t.warehouse.wholeShelf(lookup.scaffale)}
                    </Link>
                  ) : undefined
                }
              />
            }
            errorTitle={t.warehouse.errorTitle}
            sort={sort ?? (segments.length === LOCATION_FIELDS.length ? NEWEST_FIRST : BY_LOCATION)}
            onSort={setSort}
          />
        </>
      )}
    </section>
  );
}
