import { Link, useLocation, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { PageSpinner } from '../../../components/PageSpinner';
import { messages } from '../../../i18n';
import { parts as t } from '../../../i18n/parts';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/session/use-can';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePart } from '../api/get-part';
import { PartDetails } from '../components/PartDetails';
import { PartHistory } from '../components/PartHistory';
import { MovePart } from '../components/MovePart';
import { PartStatusPanel } from '../components/PartStatusPanel';
import { PrintLabelsLink } from '../components/PrintLabelsLink';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { backLabel, backTo, readOrigin, useFromHere } from '../components/return-flow';

/**
 * A part's page, read-only ('Visualizza' in the lists): its status (with the quick actions), every
 * field, the photo, where it is, when it was added and changed, and its 'Storico', with 'Modifica'
 * and 'Cancella'. The id comes from the URL, so a reload or a shared link opens the same part;
 * 'back' leads to the list it was opened from. The heading is one element from 'Componente'
 * (loading) to the part's name, so the focus a route change puts on it stays there.
 */
export default function PartPage() {
  const { id = '' } = useParams();
  const query = usePart(id);
  const part = query.data?.part;
  useDocumentTitle(part?.nome ?? t.part.title);
  const origin = readOrigin(useLocation().state);
  const back = backTo(origin);
  const fromHere = useFromHere();
  const canWrite = useCan('parts:write');

  return (
    <section className="container">
      <PageHeader
        before={
          <Link className="page-back d-print-none" to={back.to} state={back.state}>
            <span aria-hidden="true">← </span>
            {backLabel(origin)}
          </Link>
        }
        title={part?.nome ?? t.part.title}
        lead={
          part ? `${part.categoria} · ${part.marca} ${part.modello} ${part.annoImmatricolazione}` : undefined
        }
        actions={
          part && (
            <>
              <PrintLabelsLink target={{ tipo: 'componenti', ids: [part._id] }}>
                {messages.labels.open.one}
              </PrintLabelsLink>
              {canWrite && (
                <>
                  {/* A bin's label scanned (or its code typed): the part moves there. */}
                  <MovePart part={part} etag={query.data?.etag ?? null} />
                  <Link className="btn btn-primary" to={paths.editPart.getHref(part._id)} state={fromHere}>
                    {t.part.edit}
                  </Link>
                  <Link
                    className="btn btn-soft-danger parts-danger"
                    to={paths.deletePart.getHref(part._id)}
                    state={fromHere}
                  >
                    {t.part.remove}
                  </Link>
                </>
              )}
            </>
          )
        }
      />
      {query.isPending && <PageSpinner />}
      {query.isError && (
        <ErrorMessage title={t.part.loadError} error={query.error} onRetry={() => void query.refetch()} />
      )}
      {part && (
        <>
          <PartStatusPanel part={part} etag={query.data?.etag ?? null} />
          <PartDetails part={part} />
          <PartHistory partId={part._id} />
        </>
      )}
    </section>
  );
}
