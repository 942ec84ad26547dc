import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import { canMove, type Part, type PartStatus } from '@magazzino/contract';
import { messages } from '../../../i18n';
import { useCan } from '../../../lib/session/use-can';
import { useStatusChange } from './status-change';

const t = messages.lifecycle.actions;

/** The quick actions, in the order offered: keeping it, selling it, then the rarer moves. */
const TARGETS = [
  'riservato',
  'venduto',
  'disponibile',
  'reso',
  'scartato',
] as const satisfies readonly PartStatus[];

/** What the action towards `target` is called for a part now in `from`. */
function actionLabel(from: PartStatus, target: PartStatus): string {
  return target === 'riservato' && from === 'riservato' ? t.reserveAgain : t[target];
}

interface StatusActionsProps {
  part: Part;
  /** The ETag of the version shown (sent as If-Match). */
  etag: string | null;
  /**
   * 'menu': a small 'Cambia' menu (a list row); 'card': the same menu, finger-sized (a phone card);
   * 'buttons': a button each, 'Scarta' apart (a part's page and its edit screen).
   */
  variant: 'menu' | 'card' | 'buttons';
}

/**
 * The moves a part's status allows (the contract's STATUS_TRANSITIONS): 'Riserva', 'Vendi',
 * 'Rendi disponibile', 'Registra reso', 'Scarta'. Nothing for a role that cannot change parts.
 */
export function StatusActions({ part, etag, variant }: StatusActionsProps) {
  const canWrite = useCan('parts:write');
  const start = useStatusChange();
  const targets = TARGETS.filter((target) => canMove(part.stato, target));
  if (!canWrite || targets.length === 0) return null;

  if (variant === 'buttons') {
    return (
      <div role="group" aria-label={t.groupLabel(part.nome)} className="d-flex flex-wrap gap-2 d-print-none">
        {targets.map((target) => (
          <Button
            key={target}
            variant={
              target === 'scartato' ? 'outline-danger' : target === 'venduto' ? 'primary' : 'soft-primary'
            }
            className={target === 'scartato' ? 'ms-sm-auto' : undefined}
            onClick={() => start(part, target, etag)}
          >
            {actionLabel(part.stato, target)}
          </Button>
        ))}
      </div>
    );
  }

  return (
    <Dropdown className={`d-print-none parts-status-menu parts-status-menu-${variant}`}>
      <Dropdown.Toggle
        id={`stato-${variant}-${part._id}`}
        variant="soft-secondary"
        size={variant === 'menu' ? 'sm' : undefined}
      >
        {t.menu}
        <span className="visually-hidden">{t.menuOf(part.nome)}</span>
      </Dropdown.Toggle>
      {/* Fixed, so the table's scrolling wrapper does not cut the menu off. */}
      <Dropdown.Menu popperConfig={{ strategy: 'fixed' }}>
        {targets.map((target) => (
          <Dropdown.Item
            key={target}
            as="button"
            className={target === 'scartato' ? 'text-danger' : undefined}
            onClick={() => start(part, target, etag)}
          >
            {actionLabel(part.stato, target)}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
