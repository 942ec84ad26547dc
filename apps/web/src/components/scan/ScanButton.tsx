import { lazy, Suspense, useState } from 'react';
import DropdownItem from 'react-bootstrap/DropdownItem';
import { useNavigate } from 'react-router';
import { scan } from '../../i18n/scan';
import { readScannedCode, scannedHref } from '../../lib/scan-target';
import { LineIcon } from '../LineIcon';
import './scan-button.css';

const t = scan;

// The dialog, the camera code and its reader load with the first tap: most pages never scan.
const loadDialog = () => import('./ScanDialog');
const ScanDialog = lazy(() => loadDialog().then((module) => ({ default: module.ScanDialog })));

/** A viewfinder: four corners and the line a scanner draws. */
const SCAN_ICON =
  'M3 8V5a2 2 0 0 1 2-2h3M16 3h3a2 2 0 0 1 2 2v3M21 16v3a2 2 0 0 1-2 2h-3M8 21H5a2 2 0 0 1-2-2v-3M7 12h10';

interface ScanButtonProps {
  /** The button's classes (its look where it stands: the navbar, a form's row of buttons). */
  className?: string;
  /** An item of a dropdown menu (the navbar's user menu) instead of a button. */
  menuItem?: boolean;
}

/**
 * 'Scansiona': opens the reader ('Scansiona codice'); a part's code opens the part's page (through
 * /r/R-004213), a bin's code 'Consulta Magazzino' for that bin. A code that is neither is said in
 * the dialog and reading goes on.
 */
export function ScanButton({ className = 'btn btn-soft-primary', menuItem = false }: ScanButtonProps) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'closed' | 'open' | 'closing'>('closed');
  const preload = () => void loadDialog().catch(() => undefined);
  const trigger = { onPointerEnter: preload, onFocus: preload, onClick: () => setDialog('open') };
  return (
    <>
      {menuItem ? (
        <DropdownItem as="button" className={className} {...trigger}>
          {t.button}
        </DropdownItem>
      ) : (
        <button type="button" className={`scan-button ${className}`} {...trigger}>
          <LineIcon path={SCAN_ICON} />
          <span className="scan-button-text">{t.button}</span>
        </button>
      )}
      {dialog !== 'closed' && (
        <Suspense fallback={null}>
          <ScanDialog
            show={dialog === 'open'}
            onHide={() => setDialog('closing')}
            onExited={() => setDialog('closed')}
            onCode={(text, source) => {
              const scanned = readScannedCode(text);
              if (!scanned)
                return source === 'typed' ? t.dialog.unknown(text.trim()) : t.dialog.unknownScanned;
              setDialog('closing');
              void navigate(scannedHref(scanned));
              return null;
            }}
          />
        </Suspense>
      )}
    </>
  );
}
