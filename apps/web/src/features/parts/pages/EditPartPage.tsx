import { useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useCan } from '../../../lib/session/use-can';
import { ReadOnlyNotice } from '../components/ReadOnlyNotice';
import { PageSpinner } from '../../../components/PageSpinner';
import { messages } from '../../../i18n';
import { parts as t } from '../../../i18n/parts';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePart } from '../api/get-part';
import { EditPartForm } from '../components/EditPartForm';
import { PartHistory } from '../components/PartHistory';
import { PartStatusPanel } from '../components/PartStatusPanel';
import { PrintLabelsLink } from '../components/PrintLabelsLink';
import { ErrorMessage } from '../../../components/ErrorMessage';

/**
 * 'Modifica componente': the part's status with its quick actions, the form, and its 'Storico'. The
 * part id comes from the URL, so a reload opens the same part.
 */
export default function EditPartPage() {
  const canWrite = useCan('parts:write');
  return canWrite ? <EditPart /> : <ReadOnlyNotice title={t.edit.title} />;
}

function EditPart() {
  useDocumentTitle(t.edit.title);
  const { id = '' } = useParams();
  const query = usePart(id);

  return (
    <section className="container">
      <PageHeader
        title={t.edit.title}
        lead={
          query.data && (
            <>
              {t.edit.partCode} <strong className="font-monospace">{query.data.part.codiceRicambio}</strong>
            </>
          )
        }
        actions={
          query.data && (
            <PrintLabelsLink target={{ tipo: 'componenti', ids: [query.data.part._id] }}>
              {messages.labels.open.one}
            </PrintLabelsLink>
          )
        }
      />
      {query.isPending && <PageSpinner />}
      {query.isError && (
        <ErrorMessage title={t.edit.loadError} error={query.error} onRetry={() => void query.refetch()} />
      )}
      {query.data && (
        <>
          <PartStatusPanel part={query.data.part} etag={query.data.etag} />
          {/* A new version (after "load the latest", a status change) remounts the form with its values. */}
          <EditPartForm
            key={`${query.data.part._id}:${query.data.etag ?? query.data.part.updatedAt}`}
            versioned={query.data}
            reloading={query.isFetching}
            onReload={() => void query.refetch()}
          />
          <div className="mt-4">
            <PartHistory partId={query.data.part._id} />
          </div>
        </>
      )}
    </section>
  );
}
