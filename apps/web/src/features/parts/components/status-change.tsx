import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from 'react';
import CloseButton from 'react-bootstrap/CloseButton';
import type { Part, PartStatus, StatusChange } from '@magazzino/contract';
import { common } from '../../../i18n/common';
import { lifecycle } from '../../../i18n/lifecycle';
import { useChangeStatus } from '../api/change-status';
import { formatCalendarDay, formatPrezzo } from './format';
import type { DialogTarget } from './StatusChangeDialog';
import './return-notice.css';

const t = lifecycle;

// The dialogs (forms, schemas, modals) load with the first change a clerk asks for: every parts
// screen sits inside this provider, and most visits change no status.
const StatusChangeDialog = lazy(() =>
  import('./StatusChangeDialog').then((module) => ({ default: module.StatusChangeDialog })),
);
const ConfirmDialog = lazy(() =>
  import('../../../components/ConfirmDialog').then((module) => ({ default: module.ConfirmDialog })),
);

/** How long a confirmation stays before it fades on its own (a failure stays until closed). */
const SHOWN_MS = 6000;

/** Asks to move `part` to `target`; `etag` is the version the clerk is looking at. */
export type StartStatusChange = (part: Part, target: PartStatus, etag: string | null) => void;

const StatusChangeContext = createContext<StartStatusChange | null>(null);

/** The quick actions' way in: `useStatusChange()(part, 'riservato', etag)`. */
export function useStatusChange(): StartStatusChange {
  const start = useContext(StatusChangeContext);
  if (!start) throw new Error('useStatusChange needs a StatusChangeProvider around it');
  return start;
}

/** What the confirmation says once the server has moved the part. */
function doneText(saved: Part): string {
  switch (saved.stato) {
    case 'riservato':
      return t.done.riservato(
        saved.nome,
        saved.riserva?.cliente ?? '',
        formatCalendarDay(saved.riserva?.fino ?? ''),
      );
    case 'venduto':
      return t.done.venduto(saved.nome, formatPrezzo(saved.vendita?.prezzo ?? 0));
    default:
      return t.done[saved.stato](saved.nome);
  }
}

interface Pending {
  part: Part;
  target: PartStatus;
  etag: string | null;
}

interface Notice {
  id: number;
  text: string;
  failed: boolean;
}

/**
 * Runs the status changes of every parts screen (a list row, a part's page, its edit screen): the
 * dialog of 'Riserva' and 'Vendi', the question before 'Scarta', the request, and the short
 * confirmation (or the server's refusal) floating at the bottom of the page. It lives above the
 * screens, so the confirmation stays when the part leaves the list it was changed from.
 */
export function StatusChangeProvider({ children }: { children: ReactNode }) {
  const change = useChangeStatus();
  const [dialog, setDialog] = useState<{ pending: Pending; open: boolean } | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const say = useCallback((text: string, failed = false) => setNotice({ id: Date.now(), text, failed }), []);
  const { mutateAsync } = change;
  const send = useCallback(
    async ({ part, etag }: Pending, body: StatusChange) => {
      const saved = await mutateAsync({ part, change: body, etag });
      say(doneText(saved.part));
    },
    [mutateAsync, say],
  );
  const sendAtOnce = useCallback(
    (pending: Pending, body: StatusChange) =>
      send(pending, body).catch((error: unknown) =>
        say(`${t.failed}: ${error instanceof Error ? error.message : String(error)}`, true),
      ),
    [send, say],
  );

  const start = useCallback<StartStatusChange>(
    (part, target, etag) => {
      const pending = { part, target, etag };
      if (target === 'disponibile' || target === 'reso') void sendAtOnce(pending, { stato: target });
      else setDialog({ pending, open: true });
    },
    [sendAtOnce],
  );

  const close = () => setDialog((current) => current && { ...current, open: false });
  const pending = dialog?.pending ?? null;
  const detailsTarget: DialogTarget | null =
    pending?.target === 'riservato' || pending?.target === 'venduto' ? pending.target : null;

  useEffect(() => {
    if (!notice || notice.failed) return;
    const timer = setTimeout(() => setNotice(null), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  return (
    <StatusChangeContext.Provider value={start}>
      {children}
      {dialog && (
        <Suspense fallback={null}>
          <StatusChangeDialog
            request={pending && detailsTarget ? { part: pending.part, target: detailsTarget } : null}
            show={Boolean(dialog?.open && detailsTarget)}
            onSubmit={async (body) => {
              if (!pending) return;
              await send(pending, body);
              close();
            }}
            onCancel={close}
            onExited={() => setDialog(null)}
          />
          <ConfirmDialog
            show={Boolean(dialog?.open && pending?.target === 'scartato')}
            title={t.scrap.title(pending?.part.nome ?? '')}
            text={t.scrap.text}
            confirmLabel={t.scrap.confirm}
            pending={change.isPending}
            pendingLabel={t.sending}
            onConfirm={() => {
              if (!pending) return;
              void sendAtOnce(pending, { stato: 'scartato' }).finally(close);
            }}
            onCancel={close}
          />
        </Suspense>
      )}
      <div className="parts-notice-area d-print-none" aria-live="polite" aria-atomic="true">
        {notice && (
          <div
            key={notice.id}
            className={`toast show align-items-center border-0 ${notice.failed ? 'text-bg-danger' : 'text-bg-success'}`}
          >
            <div className="d-flex">
              <div className="toast-body fw-semibold">{notice.text}</div>
              <CloseButton
                variant="white"
                className="me-2 m-auto"
                aria-label={common.close}
                onClick={() => setNotice(null)}
              />
            </div>
          </div>
        )}
      </div>
    </StatusChangeContext.Provider>
  );
}
