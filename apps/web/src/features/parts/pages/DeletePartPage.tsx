import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useCan } from '../../../lib/session/use-can';
import { ReadOnlyNotice } from '../components/ReadOnlyNotice';
import { PageSpinner } from '../../../components/PageSpinner';
import { parts as t } from '../../../i18n/parts';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDeletePart } from '../api/delete-part';
import { usePart } from '../api/get-part';
import { EmptyValue } from '../components/EmptyValue';
import { PartThumbnail } from '../components/PartThumbnail';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { backLabel, useReturnFlow } from '../components/return-flow';
import '../components/parts.css';

/**
 * 'Richiesta cancellazione componente': says which part is about to go. Only once the server
 * confirmed the deletion does the clerk go back where they came from (the list with its filters
 * and page, a category, the lookup; from the part's own page, where that page was opened from),
 * told 'Componente cancellato'. The way out ('No, torna all'elenco') is named after where it leads.
 */
export default function DeletePartPage() {
  const canWrite = useCan('parts:write');
  return canWrite ? <DeletePart /> : <ReadOnlyNotice title={t.remove.title} />;
}

function DeletePart() {
  useDocumentTitle(t.remove.title);
  const { id = '' } = useParams();
  const remove = useDeletePart();
  // Once deleted, the part is not asked for again while the screen is left.
  const query = usePart(id, !remove.isSuccess);
  const { origin, back, afterDelete } = useReturnFlow(id);
  const part = query.data?.part;

  return (
    <section className="container">
      <PageHeader title={t.remove.title} />
      {query.isPending && <PageSpinner />}
      {query.isError && (
        <ErrorMessage title={t.remove.loadError} error={query.error} onRetry={() => void query.refetch()} />
      )}
      {part && (
        <div className="card mb-3 border-danger-subtle">
          <div className="card-body d-flex flex-wrap gap-3 align-items-center">
            <PartThumbnail part={part} />
            <div className="min-w-0">
              <p className="mb-1">{t.remove.lead}</p>
              <p className="fs-4 fw-bold mb-1 text-break">{part.nome}</p>
              <p className="mb-0">
                {t.remove.code}: {part.codice ?? <EmptyValue />}
              </p>
            </div>
          </div>
        </div>
      )}
      {remove.isError && (
        <Alert variant="danger" role="alert">
          {t.remove.failed}: {remove.error.message}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-3">
        <Button
          variant="danger"
          disabled={!part || remove.isPending || remove.isSuccess}
          onClick={() => remove.mutate(id, { onSuccess: afterDelete })}
        >
          {remove.isPending || remove.isSuccess ? t.remove.deleting : t.remove.confirm}
        </Button>
        <Link className="btn btn-secondary" to={back.to} state={back.state}>
          {t.remove.cancel(backLabel(origin))}
        </Link>
      </div>
    </section>
  );
}
