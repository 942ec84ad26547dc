import { useState } from 'react';
import type { Part } from '@magazzino/contract';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, useNavigate, useParams } from 'react-router';
import { parts as t } from '../../../i18n/parts';
import { paths } from '../../../lib/paths';
import { useDeletePart } from '../api/delete-part';
import { usePart } from '../api/get-part';
import { PartThumbnail } from '../components/PartThumbnail';
import { ErrorMessage, LoadingText } from '../components/QueryStatus';
import { ResultModal } from '../components/ResultModal';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../components/parts.css';

/**
 * 'Richiesta cancellazione componente': says which part is about to go; the modal 'COMPONENTE
 * CANCELLATO' opens only once the server confirmed the deletion, never before.
 */
export default function DeletePartPage() {
  useDocumentTitle(t.remove.title);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  // Once deleted, the page keeps showing what it deleted and stops asking for it.
  const [deleted, setDeleted] = useState<Part | null>(null);
  const query = usePart(id, deleted === null);
  const remove = useDeletePart();
  const part = deleted ?? query.data?.part;

  return (
    <section className="container py-3">
      <h1 className="h2 mb-3">{t.remove.title}</h1>
      {query.isPending && deleted === null && <LoadingText />}
      {query.isError && deleted === null && (
        <ErrorMessage title={t.remove.loadError} error={query.error} onRetry={() => void query.refetch()} />
      )}
      {part && (
        <div className="card mb-3">
          <div className="card-body d-flex flex-wrap gap-3 align-items-center">
            <PartThumbnail part={part} />
            <div>
              <p className="mb-1">{t.remove.lead}</p>
              <p className="fs-4 fw-bold mb-1">{part.nome}</p>
              <p className="mb-0">
                {t.remove.code}: {part.codice}
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
      <div className="d-flex flex-wrap gap-2">
        <Button
          variant="danger"
          disabled={!part || remove.isPending || deleted !== null}
          onClick={() => {
            if (part) remove.mutate(id, { onSuccess: () => setDeleted(part) });
          }}
        >
          {remove.isPending ? t.remove.deleting : t.remove.confirm}
        </Button>
        <Link className="btn btn-secondary" to={paths.parts.getHref()}>
          {t.remove.cancel}
        </Link>
      </div>
      <ResultModal
        show={deleted !== null}
        title={t.remove.modalTitle}
        body={t.remove.modalBody}
        onClose={() => void navigate(paths.parts.getHref())}
      />
    </section>
  );
}
