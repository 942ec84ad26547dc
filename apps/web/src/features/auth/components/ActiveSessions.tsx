import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import type { SessionInfo } from '@magazzino/contract';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageSpinner } from '../../../components/PageSpinner';
import { messages } from '../../../i18n';
import { formatDateTime } from '../../../lib/format';
import { useEndAllOtherSessions } from '../api/end-all-other-sessions';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/get-sessions';

const t = messages.security.sessions;

/** What the confirmation asks about: one session, or all the others. */
type Pending = { kind: 'one'; session: SessionInfo } | { kind: 'others' } | null;

/**
 * 'Sessioni attive': every device signed in to the account, as cards (one column on a phone,
 * two from md): the device in Italian, its address, when it signed in and was last used, and
 * 'Questo dispositivo' on the current one. Each other session has 'Chiudi', and 'Chiudi tutte le
 * altre sessioni' ends them at once; both ask first. Ending takes effect on that device's next
 * request.
 */
export function ActiveSessions() {
  const headingId = useId();
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndAllOtherSessions();
  const [pending, setPending] = useState<Pending>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = sessions.data ?? [];
  const others = list.filter((session) => !session.corrente);
  const failure = endOne.error ?? endOthers.error;

  const confirm = async () => {
    if (!pending) return;
    setNotice(null);
    try {
      if (pending.kind === 'one') {
        await endOne.mutateAsync(pending.session._id);
        setNotice(t.ended);
      } else {
        const { chiuse } = await endOthers.mutateAsync();
        setNotice(t.endedAll(chiuse));
      }
    } catch {
      // Shown below from the mutation's error.
    } finally {
      setPending(null);
    }
  };

  return (
    <section aria-labelledby={headingId} className="mb-5">
      <h2 id={headingId} className="h4">
        {t.title}
      </h2>
      <p className="text-body-secondary">{t.text}</p>
      {sessions.isPending && <PageSpinner label={t.loading} />}
      {sessions.isError && (
        <Alert variant="danger">
          {t.loadError}: {sessions.error.message}{' '}
          <Button variant="outline-danger" size="sm" onClick={() => void sessions.refetch()}>
            {t.retry}
          </Button>
        </Alert>
      )}
      <div role="status" className="small">
        {notice && <p className="text-success-emphasis">{notice}</p>}
      </div>
      {failure && (
        <p role="alert" className="small text-danger-emphasis">
          {t.failed}: {failure.message}
        </p>
      )}
      {list.length > 0 && (
        <ul className="list-unstyled row g-3 mb-3" aria-label={t.title}>
          {list.map((session) => (
            <li key={session._id} className="col-12 col-md-6">
              <div className="card h-100">
                <div className="card-body">
                  <h3 className="h6 card-title d-flex flex-wrap align-items-center gap-2">
                    {session.dispositivo}
                    {session.corrente && <Badge bg="success">{t.current}</Badge>}
                  </h3>
                  <dl className="row small mb-0">
                    <dt className="col-5">{t.address}</dt>
                    <dd className="col-7 text-break">{session.ip ?? t.unknownAddress}</dd>
                    <dt className="col-5">{t.lastUse}</dt>
                    <dd className="col-7">
                      <time dateTime={session.ultimoUso}>{formatDateTime(session.ultimoUso)}</time>
                    </dd>
                    <dt className="col-5">{t.signedIn}</dt>
                    <dd className="col-7 mb-0">
                      <time dateTime={session.iniziataIl}>{formatDateTime(session.iniziataIl)}</time>
                    </dd>
                  </dl>
                </div>
                {!session.corrente && (
                  <div className="card-footer bg-transparent">
                    <Button
                      variant="outline-danger"
                      className="session-end"
                      aria-label={t.endLabel(session.dispositivo)}
                      onClick={() => setPending({ kind: 'one', session })}
                    >
                      {t.end}
                    </Button>
                  </div>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {sessions.isSuccess &&
        (others.length > 0 ? (
          <Button variant="danger" onClick={() => setPending({ kind: 'others' })}>
            {t.endAll}
          </Button>
        ) : (
          <p className="text-body-secondary">{t.onlyThis}</p>
        ))}
      <ConfirmDialog
        show={pending !== null}
        title={pending?.kind === 'one' ? t.confirmTitle : t.confirmAllTitle}
        text={pending?.kind === 'one' ? t.confirmText(pending.session.dispositivo) : t.confirmAllText}
        confirmLabel={pending?.kind === 'one' ? t.confirm : t.confirmAll}
        pending={endOne.isPending || endOthers.isPending}
        pendingLabel={t.ending}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
