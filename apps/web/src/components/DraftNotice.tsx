import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { common } from '../i18n/common';
import { formatDateTime } from '../lib/format';
import type { FormDraftControls } from '../lib/use-form-draft';

const t = common;

interface DraftNoticeProps {
  draft: Pick<FormDraftControls<unknown>, 'restoredAt' | 'dismissNotice'>;
  /** Empties the form and forgets the draft. */
  onDiscard: () => void;
  /** The restored draft was made on an older version of the record (a part, a vehicle). */
  stale?: boolean;
  /** What changed meanwhile, with its article ('il componente', 'il veicolo'). */
  subject?: string;
}

/** Says that unsaved work was put back into the form, with a way to throw it away. */
export function DraftNotice({
  draft,
  onDiscard,
  stale = false,
  subject = 'il componente',
}: DraftNoticeProps) {
  if (draft.restoredAt === null) return null;
  const when = formatDateTime(draft.restoredAt);
  return (
    <Alert
      variant={stale ? 'warning' : 'info'}
      role="status"
      className="d-flex flex-wrap gap-2 align-items-center"
    >
      <span className="me-auto">{stale ? t.draft.restoredStale(when, subject) : t.draft.restored(when)}</span>
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
