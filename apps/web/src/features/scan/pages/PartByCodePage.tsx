import { Link, Navigate, useParams } from 'react-router';
import { parsePartCode, partCode } from '@magazzino/contract';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { PageHeader } from '../../../components/PageHeader';
import { PageSpinner } from '../../../components/PageSpinner';
import { ScanButton } from '../../../components/scan/ScanButton';
import { scan } from '../../../i18n/scan';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePartByCode } from '../api/get-part-by-code';

const t = scan.byCode;

/**
 * /r/:codice, the address a part's label carries (its QR, or a phone's own camera app): finds
 * the part by its code and puts its page in place of this address, so 'back' skips it. A code
 * that names no part, or is no code, says so with 'Scansiona' and the way to the list.
 */
export default function PartByCodePage() {
  const { codice = '' } = useParams();
  const seq = parsePartCode(codice);
  const code = seq === null ? codice : partCode(seq);
  const query = usePartByCode(code, seq !== null);
  useDocumentTitle(t.title);

  if (query.data) return <Navigate to={paths.part.getHref(query.data._id)} replace />;

  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const nextSteps = (
    <>
      <ScanButton className="btn btn-primary" />
      <Link className="btn btn-secondary" to={paths.parts.getHref()}>
        {t.list}
      </Link>
    </>
  );
  return (
    <section className="container">
      <PageHeader title={t.title} />
      {seq === null ? (
        <EmptyState icon="search" title={t.invalid(codice)} text={t.invalidText} action={nextSteps} />
      ) : notFound ? (
        <EmptyState icon="search" title={t.notFound(code)} text={t.notFoundText} action={nextSteps} />
      ) : query.isError ? (
        <ErrorMessage title={t.loadError} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <PageSpinner />
      )}
    </section>
  );
}
