import { useMemo } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { FormField } from '../../../components/FormField';
import { PageHeader } from '../../../components/PageHeader';
import { PageSpinner } from '../../../components/PageSpinner';
import { messages } from '../../../i18n';
import { formatInteger } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useActivity } from '../api/get-activity';
import { useActivityUsers } from '../api/get-activity-users';
import { ACTIVITY_KEYS, dayBounds, readDay } from '../components/activity-search';
import { calendarDayFromToday } from '../components/format';
import { HistoryList } from '../components/HistoryList';
import { withSearch } from '../components/list-search';
import { ErrorMessage } from '../../../components/ErrorMessage';
import '../components/parts.css';

const t = messages.history.activity;

/** The 'Utente' choices: 'Tutti', every account, and the one in the URL if no longer listed. */
function userOptions(users: readonly { _id: string; username: string }[], utente: string) {
  const options = [
    { value: '', label: t.allUsers },
    ...users.map((u) => ({ value: u._id, label: u.username })),
  ];
  return utente === '' || options.some((option) => option.value === utente)
    ? options
    : [...options, { value: utente, label: utente }];
}

/**
 * 'Attività': what changed in the warehouse, newest first, each change as a sentence naming its
 * part (a link to it) — of one account and one day if the clerk asks. The filters live in the URL
 * (a reload or a shared link shows the same); 50 at a time, then 'Mostra altri'.
 */
export default function ActivityPage() {
  useDocumentTitle(t.title);
  const [search, setSearch] = useSearchParams();
  const utente = (search.get(ACTIVITY_KEYS.user) ?? '').trim();
  const giorno = readDay(search.get(ACTIVITY_KEYS.day));
  const filter = useMemo(() => ({ utente, ...dayBounds(giorno) }), [utente, giorno]);
  const query = useActivity(filter);
  const users = useActivityUsers();
  const events = query.data?.pages.flatMap((page) => page.events) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;
  const filtered = utente !== '' || giorno !== '';
  const setFilter = (key: string, value: string) => setSearch((prev) => withSearch(prev, { [key]: value }));

  return (
    <section className="container">
      <PageHeader title={t.title} lead={t.lead} />
      <Form
        role="search"
        aria-label={t.filtersLabel}
        className="row g-2 align-items-end mb-3"
        onSubmit={(event) => event.preventDefault()}
      >
        <FormField
          control="select"
          id="attivita-utente"
          className="col-12 col-sm-6 col-md-4"
          labelClassName="small mb-1 fw-semibold"
          label={t.user}
          name="utente"
          options={userOptions(users.data ?? [], utente)}
          value={utente}
          onChange={(event) => setFilter(ACTIVITY_KEYS.user, event.target.value)}
          hint={users.isError ? t.usersError : undefined}
        />
        <FormField
          control="date"
          id="attivita-giorno"
          className="col-12 col-sm-6 col-md-4"
          labelClassName="small mb-1 fw-semibold"
          label={t.day}
          name="giorno"
          max={calendarDayFromToday(0)}
          value={giorno}
          onChange={(event) => setFilter(ACTIVITY_KEYS.day, readDay(event.target.value))}
        />
        {giorno !== '' && (
          <div className="col-12 col-md-auto">
            <Button variant="outline-secondary" onClick={() => setFilter(ACTIVITY_KEYS.day, '')}>
              {t.clearDay}
            </Button>
          </div>
        )}
      </Form>

      {query.isPending && <PageSpinner />}
      {query.isError && (
        <ErrorMessage title={t.loadError} error={query.error} onRetry={() => void query.refetch()} />
      )}
      {query.data && (
        <p className="mb-2" aria-live="polite">
          {t.count(total, formatInteger(total))}
        </p>
      )}
      {query.isSuccess && events.length === 0 && (
        <EmptyState icon="search" title={t.empty} text={filtered ? t.emptyFiltered : t.emptyText} />
      )}
      {events.length > 0 && (
        <div aria-busy={query.isPlaceholderData} className={query.isPlaceholderData ? 'opacity-50' : ''}>
          <HistoryList events={events} label={t.caption} showPart />
        </div>
      )}
      {query.hasNextPage && (
        <Button
          variant="outline-secondary"
          className="mt-3"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? messages.history.storico.loadingMore : messages.history.storico.more}
        </Button>
      )}
    </section>
  );
}
