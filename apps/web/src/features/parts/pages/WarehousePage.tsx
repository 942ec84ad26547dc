import { useSearchParams } from 'react-router';
import { LOCATION_FIELDS, type Location } from '@magazzino/contract';
import { parts as t } from '../../../i18n/parts';
import { useLocationParts } from '../api/get-location-parts';
import { LocationForm } from '../components/LocationForm';
import { PartsTable } from '../components/PartsTable';
import { ErrorMessage, LoadingText } from '../components/QueryStatus';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** The location searched, from the URL query; null unless all four segments are there. */
function locationFrom(search: URLSearchParams): Location | null {
  const values = LOCATION_FIELDS.map((name) => (search.get(name) ?? '').trim());
  if (values.some((value) => value === '')) return null;
  const [scaffale = '', campata = '', ripiano = '', cassetta = ''] = values;
  return { scaffale, campata, ripiano, cassetta };
}

/**
 * 'Consulta Magazzino': the parts at one location, in the parts table. The location searched is
 * kept in the URL query, so a reload or a shared link repeats the search.
 */
export default function WarehousePage() {
  useDocumentTitle(t.warehouse.title);
  const [search, setSearch] = useSearchParams();
  const location = locationFrom(search);
  const query = useLocationParts(location);
  const where = location ? LOCATION_FIELDS.map((name) => location[name]).join(' / ') : '';

  return (
    <section className="container-fluid py-3">
      <h1 className="h3 mb-3">{t.warehouse.heading}</h1>
      <LocationForm
        key={JSON.stringify(location)}
        value={location}
        onSearch={(next) => setSearch({ ...next })}
      />
      {location && (
        <div aria-live="polite">
          {query.isPending && <LoadingText />}
          {query.isError && (
            <ErrorMessage
              title={t.warehouse.errorTitle}
              error={query.error}
              onRetry={() => void query.refetch()}
            />
          )}
          {query.data?.length === 0 && <p className="fs-5">{t.warehouse.empty}</p>}
          {query.data && query.data.length > 0 && (
            <PartsTable parts={query.data} caption={t.warehouse.results(where)} />
          )}
        </div>
      )}
    </section>
  );
}
