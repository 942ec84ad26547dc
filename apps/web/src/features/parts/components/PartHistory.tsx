import Button from 'react-bootstrap/Button';
import { messages } from '../../../i18n';
import { formatInteger } from '../../../lib/format';
import { usePartHistory } from '../api/get-part-history';
import { HistoryList } from './HistoryList';
import { ErrorMessage } from '../../../components/ErrorMessage';

const t = messages.history.storico;

/**
 * 'Storico': what happened to the part, newest first, as sentences ('Mario ha cambiato il peso da
 * 1,2 Kg a 1,5 Kg'); the latest 20, then 'Mostra altri' while there are more.
 */
export function PartHistory({ partId }: { partId: string }) {
  const query = usePartHistory(partId);
  const events = query.data?.pages.flatMap((page) => page.events) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;
  return (
    <section className="card mb-3" aria-labelledby="part-history-title">
      <div className="card-body">
        <h2 id="part-history-title" className="h5 card-title">
          {t.title}
        </h2>
        {query.isPending && (
          <p role="status" className="text-body-secondary mb-0">
            {t.loading}
          </p>
        )}
        {query.isError && (
          <ErrorMessage title={t.loadError} error={query.error} onRetry={() => void query.refetch()} />
        )}
        {query.isSuccess && events.length === 0 && <p className="text-body-secondary mb-0">{t.empty}</p>}
        {events.length > 0 && <HistoryList events={events} label={t.title} />}
        {query.hasNextPage && (
          <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
            <Button
              variant="outline-secondary"
              size="sm"
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {query.isFetchingNextPage ? t.loadingMore : t.more}
            </Button>
            <span className="small text-body-secondary">
              {t.shown(formatInteger(events.length), formatInteger(total))}
            </span>
          </div>
        )}
      </div>
    </section>
  );
}
