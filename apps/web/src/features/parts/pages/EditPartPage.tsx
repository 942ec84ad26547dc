import { useParams } from 'react-router';
import { parts as t } from '../../../i18n/parts';
import { usePart } from '../api/get-part';
import { EditPartForm } from '../components/EditPartForm';
import { ErrorMessage, LoadingText } from '../components/QueryStatus';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** 'Visualizza/ Modifica componente'; the part id comes from the URL, so a reload opens the same part. */
export default function EditPartPage() {
  useDocumentTitle(t.edit.title);
  const { id = '' } = useParams();
  const query = usePart(id);

  return (
    <section className="container py-3">
      <h1 className="h2 mb-3">{t.edit.title}</h1>
      {query.isPending && <LoadingText />}
      {query.isError && (
        <ErrorMessage title={t.edit.loadError} error={query.error} onRetry={() => void query.refetch()} />
      )}
      {query.data && (
        // A new version (after "load the latest") remounts the form with its values.
        <EditPartForm
          key={`${query.data.part._id}:${query.data.etag ?? query.data.part.updatedAt}`}
          versioned={query.data}
          reloading={query.isFetching}
          onReload={() => void query.refetch()}
        />
      )}
    </section>
  );
}
