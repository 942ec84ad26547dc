import { lazy, Suspense, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import CloseButton from 'react-bootstrap/CloseButton';
import { binCode, binPrefixCode, type BinAddress, type Part } from '@magazzino/contract';
import { FormError } from '../../../components/FormError';
import { messages } from '../../../i18n';
import { scan } from '../../../i18n/scan';
import { readScannedCode } from '../../../lib/scan-target';
import { useMovePart } from '../api/move-part';
import './return-notice.css';

const t = scan.move;

// The reader (dialog, camera, QR decoder) loads with the first 'Sposta'.
const ScanDialog = lazy(() =>
  import('../../../components/scan/ScanDialog').then((module) => ({ default: module.ScanDialog })),
);

/** How long 'Componente spostato' stays before it fades. */
const SHOWN_MS = 6000;

/** What a code read or typed in 'Sposta' means: the whole bin it names, or why it is not one. */
function binOf(text: string, typed: boolean): BinAddress | string {
  const scanned = readScannedCode(text);
  if (!scanned) return typed ? t.typedNotABin(text.trim()) : scan.dialog.unknownScanned;
  if (scanned.kind === 'part') return t.notABin;
  const [scaffale, campata, ripiano, cassetta] = scanned.segments;
  if (scaffale === undefined || campata === undefined || ripiano === undefined || cassetta === undefined)
    return t.notWhole(binPrefixCode(scanned.segments));
  return { scaffale, campata, ripiano, cassetta };
}

interface MovePartProps {
  part: Part;
  /** The ETag of the version shown (sent as If-Match). */
  etag: string | null;
}

/**
 * 'Sposta' on a part's page: the reader in bin mode (a bin's QR, or 'B-04-3-12' typed), then
 * 'Spostare in B-04-3-12?', then the change, saved like any edit (If-Match, recorded in the
 * history), and 'Componente spostato in B-04-3-12' at the bottom of the page.
 */
export function MovePart({ part, etag }: MovePartProps) {
  const [dialog, setDialog] = useState<'closed' | 'open' | 'closing'>('closed');
  const [target, setTarget] = useState<BinAddress | null>(null);
  const [notice, setNotice] = useState<{ id: number; text: string } | null>(null);
  const move = useMovePart();
  const from = binCode(part);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const close = () => setDialog('closing');
  const onCode = (text: string, source: 'camera' | 'typed') => {
    const bin = binOf(text, source === 'typed');
    if (typeof bin === 'string') return bin;
    if (binCode(bin) === from) return t.same(from);
    move.reset();
    setTarget(bin);
    return null;
  };
  const submit = (to: BinAddress) =>
    move.mutate(
      { part, to, etag },
      {
        onSuccess: () => {
          close();
          setNotice({ id: Date.now(), text: t.done(binCode(to)) });
        },
      },
    );

  const confirm = target && (
    <div>
      <p className="h5 mb-2">{t.confirm(binCode(target))}</p>
      <p>{t.confirmText(part.nome, from, binCode(target))}</p>
      <FormError message={move.error ? `${t.failed}: ${move.error.message}` : undefined} />
      <div className="d-flex flex-wrap gap-2 justify-content-end">
        <Button variant="secondary" onClick={() => setTarget(null)}>
          {t.again}
        </Button>
        <Button
          variant="primary"
          // The question replaces the reader: the focus goes to its answer.
          autoFocus
          disabled={move.isPending}
          aria-busy={move.isPending}
          onClick={() => submit(target)}
        >
          {move.isPending ? t.sending : t.submit}
        </Button>
      </div>
    </div>
  );

  return (
    <>
      <Button
        variant="soft-primary"
        onClick={() => {
          setTarget(null);
          move.reset();
          setDialog('open');
        }}
      >
        {t.button}
      </Button>
      {dialog !== 'closed' && (
        <Suspense fallback={null}>
          <ScanDialog
            show={dialog === 'open'}
            onHide={close}
            onExited={() => setDialog('closed')}
            title={t.title(part.nome)}
            lead={t.lead(from)}
            onCode={onCode}
            confirm={confirm || undefined}
            typedPlaceholder={t.typedPlaceholder}
            typedHint={t.typedHint}
            submitLabel={t.next}
          />
        </Suspense>
      )}
      <div className="parts-notice-area d-print-none" aria-live="polite" aria-atomic="true">
        {notice && (
          <div key={notice.id} className="toast show align-items-center border-0 text-bg-success">
            <div className="d-flex">
              <div className="toast-body fw-semibold">{notice.text}</div>
              <CloseButton
                variant="white"
                className="me-2 m-auto"
                aria-label={messages.common.close}
                onClick={() => setNotice(null)}
              />
            </div>
          </div>
        )}
      </div>
    </>
  );
}
