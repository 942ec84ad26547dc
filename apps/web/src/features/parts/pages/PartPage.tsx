import { Link, useLocation, useParams } from 'react-router';
import { parts as t } from '../../../i18n/parts';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePart } from '../api/get-part';
import { PartDetails } from '../components/PartDetails';
import { ErrorMessage, LoadingText } from '../components/QueryStatus';
import { backLabel, backTo, readOrigin, useFromHere } from '../components/return-flow';

/**
 * A part's page, read-only ('Visualizza' in the lists): every field, the photo, where it is and
 * when it was added and changed, with 'Modifica' and 'Cancella'. The id comes from the URL, so a
 * reload or a shared link opens the same part; 'back' leads to the list it was opened from.
 */
export default function PartPage() {
  const { id = '' } = useParams();
  const query = usePart(id);
  const part = query.data?.part;
  useDocumentTitle(part?.nome ?? t.part.title);
  const origin = readOrigin(useLocation().state);
  const back = backTo(origin);
  const fromHere = useFromHere();

  return (
    <section className="container py-3">
      <Link className="d-inline-block mb-2 d-print-none" to={back.to} state={back.state}>
        <span aria-hidden="true">← </span>
        {backLabel(origin)}
      </Link>
      {!part && <h1 className="h2 mb-3">{t.part.title}</h1>}
      {query.isPending && <LoadingText />}
      {query.isError && (
        <ErrorMessage title={t.part.loadError} error={query.error} onRetry={() => void query.refetch()} />
      )}
      {part && (
        <>
          <div className="d-flex flex-wrap align-items-start justify-content-between gap-2 mb-3">
            <div className="min-w-0">
              <h1 className="h2 mb-1 text-break">{part.nome}</h1>
              <p className="text-body-secondary mb-0">
                {part.categoria} · {part.marca} {part.modello} {part.annoImmatricolazione}
              </p>
            </div>
            <div className="d-flex flex-wrap gap-2 part-actions d-print-none">
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
            </div>
          </div>
          <PartDetails part={part} />
        </>
      )}
    </section>
  );
}
