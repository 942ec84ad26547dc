import { useEffect, useState } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';
import { useLocation, useNavigate } from 'react-router';
import { parts as t } from '../../../i18n/parts';
import { readNotice, type ReturnNotice as Notice } from './return-flow';
import './return-notice.css';

/** How long the confirmation stays before it fades on its own. */
const SHOWN_MS = 6000;

/**
 * The short confirmation ('Modifiche salvate', 'Componente cancellato') shown on the screen the
 * clerk returns to after a change. It is read once from the router state and then removed from
 * it, so a reload or a later Back does not say it again. The live region is always there (empty
 * in between), so screen readers announce the text when it appears.
 */
export function ReturnNoticeToast() {
  const location = useLocation();
  const navigate = useNavigate();
  const notice = readNotice(location.state);
  const [shown, setShown] = useState<{ key: string; notice: Notice } | null>(null);
  // The history entry whose notice was taken: closing the toast before the entry is rewritten
  // must not bring it back.
  const [taken, setTaken] = useState<string | null>(null);
  if (notice && taken !== location.key) {
    setTaken(location.key);
    setShown({ key: location.key, notice });
  }

  useEffect(() => {
    if (!notice) return;
    const { notice: _shown, ...rest } = location.state as Record<string, unknown>;
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: Object.keys(rest).length > 0 ? rest : null },
    );
  }, [notice, location, navigate]);

  const current = shown?.notice;
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setShown(null), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [current, shown?.key]);

  return (
    <div className="parts-notice-area d-print-none" aria-live="polite" aria-atomic="true">
      {current && (
        <div className="toast show align-items-center text-bg-success border-0">
          <div className="d-flex">
            <div className="toast-body fw-semibold">{t.notice[current]}</div>
            <CloseButton
              variant="white"
              className="me-2 m-auto"
              aria-label={t.close}
              onClick={() => setShown(null)}
            />
          </div>
        </div>
      )}
    </div>
  );
}
