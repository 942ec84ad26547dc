import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { parts as t } from '../../../i18n/parts';
import { formatDateTime } from '../../../lib/format';
import type { PartDraftControls } from './use-part-draft';

interface DraftNoticeProps {
  draft: Pick<PartDraftControls<unknown>, 'restoredAt' | 'dismissNotice'>;
  /** Empties the form and forgets the draft. */
  onDiscard: () => void;
  /** The restored draft was made on an older version of the part. */
  stale?: boolean;
}

/** Says that unsaved work was put back into the form, with a way to throw it away. */
export function DraftNotice({ draft, onDiscard, stale = false }: DraftNoticeProps) {
  if (draft.restoredAt === null) return null;
  const when = formatDateTime(draft.restoredAt);
  return (
    <Alert
      variant={stale ? 'warning' : 'info'}
      role="status"
      className="d-flex flex-wrap gap-2 align-items-center"
    >
      <span className="me-auto">{stale ? t.draft.restoredStale(when) : t.draft.restored(when)}</span>
      <Button
        variant="outline-secondary"
        size="sm"
        onClick={() => {
          draft.dismissNotice();
          onDiscard();
        }}
      >
        {t.draft.discard}
      </Button>
    </Alert>
  );
}
