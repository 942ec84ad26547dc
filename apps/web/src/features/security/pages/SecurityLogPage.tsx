import { useMemo } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { Link, useSearchParams } from 'react-router';
import { SECURITY_EVENT_TYPES } from '@magazzino/contract';
import { EmptyState } from '../../../components/EmptyState';
import { FormField } from '../../../components/FormField';
import { PageHeader } from '../../../components/PageHeader';
import { PageSpinner } from '../../../components/PageSpinner';
import { messages } from '../../../i18n';
import { formatInteger } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/session/use-can';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLogUsers } from '../api/get-log-users';
import { useSecurityLog } from '../api/get-security-log';
import { LOG_KEYS, readDay, readType, toApiFilter } from '../components/log-search';
import { SecurityLogList } from '../components/SecurityLogList';

const t = messages.security;

const TYPE_OPTIONS = [
  { value: '', label: t.log.allTypes },
  ...SECURITY_EVENT_TYPES.map((type) => ({ value: type, label: t.eventLabels[type] })),
];

/** What a signed-in user without `security-log:read` sees: why, and nothing of the log. */
function NotAllowed() {
  return (
    <Container className="text-center py-5">
      <p className="display-1 fw-bold text-body-secondary mb-0" aria-hidden="true">
        403
      </p>
      <h1 className="mb-3">{t.log.notAllowedTitle}</h1>
      <p className="lead mb-4">{t.log.notAllowedText}</p>
      <Link to={paths.home.getHref()} className="btn btn-primary btn-lg">
        {messages.users.forbidden.home}
      </Link>
    </Container>
  );
}

/** The log itself, for an amministratore. */
function SecurityLog() {
  const [search, setSearch] = useSearchParams();
  const tipo = readType(search.get(LOG_KEYS.type));
  const utente = (search.get(LOG_KEYS.user) ?? '').trim();
  const dal = readDay(search.get(LOG_KEYS.from));
  const al = readDay(search.get(LOG_KEYS.to));
  const filter = useMemo(() => toApiFilter({ tipo, utente, dal, al }), [tipo, utente, dal, al]);
  const query = useSecurityLog(filter);
  const users = useLogUsers(true);
  const events = query.data?.pages.flatMap((page) => page.events) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;
  const filtered = tipo !== '' || utente !== '' || dal !== '' || al !== '';
  const setFilter = (key: string, value: string) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      if (value === '') next.delete(key);
      else next.set(key, value);
      return next;
    });
  const userOptions = [
    { value: '', label: t.log.allUsers },
    ...[...(users.data ?? [])]
      .sort((a, b) => a.username.localeCompare(b.username, 'it'))
      .map((user) => ({ value: user._id, label: `${user.username} (${user.email})` })),
  ];
  if (utente !== '' && !userOptions.some((option) => option.value === utente)) {
    userOptions.push({ value: utente, label: utente });
  }
  const label = { labelClassName: 'small mb-1 fw-semibold' };

  return (
    <section className="container">
      <PageHeader title={t.log.title} lead={t.log.lead} />
      <Form
        role="search"
        aria-label={t.log.filtersLabel}
        className="row g-2 align-items-end mb-3"
        onSubmit={(event) => event.preventDefault()}
      >
        <FormField
          control="select"
          id="registro-tipo"
          className="col-12 col-sm-6 col-lg-3"
          {...label}
          label={t.log.type}
          name="tipo"
          options={TYPE_OPTIONS}
          value={tipo}
          onChange={(event) => setFilter(LOG_KEYS.type, event.target.value)}
        />
        <FormField
          control="select"
          id="registro-utente"
          className="col-12 col-sm-6 col-lg-3"
          {...label}
          label={t.log.user}
          name="utente"
          options={userOptions}
          value={utente}
          onChange={(event) => setFilter(LOG_KEYS.user, event.target.value)}
          hint={users.isError ? t.log.usersError : undefined}
        />
        <FormField
          control="date"
          id="registro-dal"
          className="col-6 col-lg-2"
          {...label}
          label={t.log.from}
          name="dal"
          max={al === '' ? undefined : al}
          value={dal}
          onChange={(event) => setFilter(LOG_KEYS.from, readDay(event.target.value))}
        />
        <FormField
          control="date"
          id="registro-al"
          className="col-6 col-lg-2"
          {...label}
          label={t.log.to}
          name="al"
          min={dal === '' ? undefined : dal}
          value={al}
          onChange={(event) => setFilter(LOG_KEYS.to, readDay(event.target.value))}
        />
        {filtered && (
          <div className="col-12 col-lg-auto">
            <Button variant="outline-secondary" onClick={() => setSearch(new URLSearchParams())}>
              {t.log.clear}
            </Button>
          </div>
        )}
      </Form>

      {query.isPending && <PageSpinner />}
      {query.isError && (
        <div role="alert" className="alert alert-danger">
          {t.log.loadError}: {query.error.message}{' '}
          <Button variant="outline-danger" size="sm" onClick={() => void query.refetch()}>
            {t.sessions.retry}
          </Button>
        </div>
      )}
      {query.data && (
        <p className="mb-2" aria-live="polite">
          {t.log.count(total, formatInteger(total))}
        </p>
      )}
      {query.isSuccess && events.length === 0 && (
        <EmptyState
          icon="search"
          title={t.log.empty}
          text={filtered ? t.log.emptyFiltered : t.log.emptyText}
        />
      )}
      {events.length > 0 && (
        <div aria-busy={query.isPlaceholderData} className={query.isPlaceholderData ? 'opacity-50' : ''}>
          <SecurityLogList events={events} />
        </div>
      )}
      {query.hasNextPage && (
        <Button
          variant="outline-secondary"
          className="mt-3"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? t.log.loadingMore : t.log.more}
        </Button>
      )}
    </section>
  );
}

/**
 * 'Registro di sicurezza' (/sicurezza/registro, in the user menu of amministratori): sign-ins,
 * sign-outs, password and account changes, newest first, filtered by type, account and days (the
 * filters live in the URL, so a reload or a shared link shows the same); 50 at a time, then
 * 'Mostra altri'. Other roles see why they cannot.
 */
export default function SecurityLogPage() {
  useDocumentTitle(t.log.title);
  const allowed = useCan('security-log:read');
  return allowed ? <SecurityLog /> : <NotAllowed />;
}
