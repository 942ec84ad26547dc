import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { LIMITS, type BinEntry } from '@magazzino/contract';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { PageSpinner } from '../../../components/PageSpinner';
import { messages } from '../../../i18n';
import { formatInteger } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/session/use-can';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useEmptyBin } from '../api/empty-bin';
import { useBin } from '../api/get-bin';
import { usePurgePart } from '../api/purge-part';
import { useRestorePart } from '../api/restore-part';
import { BinList } from '../components/BinList';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { ReadOnlyNotice } from '../components/ReadOnlyNotice';
import '../components/parts.css';

const t = messages.bin;

/** 'Cestino' for a role that changes parts; sola lettura sees why not, and nothing is asked of the server. */
export default function BinPage() {
  const canWrite = useCan('parts:write');
  return canWrite ? <Bin /> : <ReadOnlyNotice title={t.title} />;
}

/** What the page last did, said above the list. */
type Done = { text: string; restored?: string } | null;
/** The question waiting for an answer: delete one part for good, or all of them. */
type Asking = { kind: 'purge'; entry: BinEntry } | { kind: 'empty' } | null;

/**
 * The deleted parts, latest first, each with when and by whom it was deleted and when it goes for
 * good; 'Ripristina' puts one back (with a link to it). An amministratore (`bin:empty`) may also
 * delete one for good or empty the bin, each after a question.
 */
function Bin() {
  useDocumentTitle(t.title);
  const canEmpty = useCan('bin:empty');
  const query = useBin();
  const restore = useRestorePart();
  const purge = usePurgePart();
  const empty = useEmptyBin();
  const [done, setDone] = useState<Done>(null);
  const [failure, setFailure] = useState<{ title: string; error: unknown } | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const [askingOpen, setAskingOpen] = useState(false);

  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;
  const busy = restore.isPending
    ? (restore.variables ?? null)
    : purge.isPending
      ? (purge.variables ?? null)
      : null;

  const ask = (next: NonNullable<Asking>) => {
    setAsking(next);
    setAskingOpen(true);
  };
  const report = (title: string) => (error: unknown) => {
    setDone(null);
    setFailure({ title, error });
  };

  const onRestore = (entry: BinEntry) => {
    setFailure(null);
    restore.mutate(entry.componente._id, {
      onSuccess: (part) => setDone({ text: t.restored(part.nome), restored: part._id }),
      onError: report(t.restoreFailed),
    });
  };
  const onConfirm = () => {
    if (!asking) return;
    setFailure(null);
    const close = () => setAskingOpen(false);
    if (asking.kind === 'purge') {
      const { componente } = asking.entry;
      purge.mutate(componente._id, {
        onSuccess: () => setDone({ text: t.purged(componente.nome) }),
        onError: report(t.purgeFailed),
        onSettled: close,
      });
    } else {
      empty.mutate(undefined, {
        onSuccess: ({ eliminati }) => setDone({ text: t.emptied(eliminati, formatInteger(eliminati)) }),
        onError: report(t.emptyFailed),
        onSettled: close,
      });
    }
  };

  return (
    <section className="container-fluid px-lg-4">
      <PageHeader
        title={t.title}
        lead={t.lead(LIMITS.binDays)}
        actions={
          canEmpty &&
          total > 0 && (
            <Button variant="danger" onClick={() => ask({ kind: 'empty' })}>
              {t.emptyBin}
            </Button>
          )
        }
      />
      <div role="status">
        {done && (
          <Alert variant="success" className="d-flex flex-wrap align-items-center gap-2">
            <span className="me-auto">{done.text}</span>
            {done.restored && (
              <Link className="btn btn-sm btn-success" to={paths.part.getHref(done.restored)}>
                {t.openRestored}
              </Link>
            )}
          </Alert>
        )}
      </div>
      {failure && <ErrorMessage title={failure.title} error={failure.error} />}

      {query.isPending && <PageSpinner />}
      {query.isError && (
        <ErrorMessage title={t.loadError} error={query.error} onRetry={() => void query.refetch()} />
      )}
      {query.isSuccess && entries.length === 0 && <EmptyState title={t.empty} text={t.emptyText} />}
      {entries.length > 0 && (
        <>
          <p className="mb-2">{t.count(total, formatInteger(total))}</p>
          <BinList
            entries={entries}
            actions={{
              onRestore,
              onPurge: canEmpty ? (entry) => ask({ kind: 'purge', entry }) : undefined,
              busy,
            }}
          />
        </>
      )}
      {query.hasNextPage && (
        <Button
          variant="outline-secondary"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? t.loadingMore : t.more}
        </Button>
      )}

      <ConfirmDialog
        show={askingOpen}
        title={asking?.kind === 'purge' ? t.purgeTitle(asking.entry.componente.nome) : t.emptyTitle}
        text={asking?.kind === 'purge' ? t.purgeText : t.emptyConfirmText(formatInteger(total))}
        confirmLabel={asking?.kind === 'purge' ? t.purgeConfirm : t.emptyConfirm}
        pending={purge.isPending || empty.isPending}
        pendingLabel={messages.lifecycle.sending}
        onConfirm={onConfirm}
        onCancel={() => setAskingOpen(false)}
      />
    </section>
  );
}
