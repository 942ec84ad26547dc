import { useId, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { messages } from '../i18n';

interface ConfirmDialogProps {
  show: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirmed action is running: its button waits (and says so, when `pendingLabel` is given). */
  pending?: boolean;
  pendingLabel?: string;
}

/**
 * Asks before a change that takes effect at once (disabling an account, emptying the bin). The
 * focus starts on 'Annulla', so Enter pressed out of habit changes nothing; Esc cancels.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { show, title, text, confirmLabel, onConfirm, onCancel, pending = false, pendingLabel } = props;
  const titleId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      show={show}
      onHide={onCancel}
      // The modal focuses itself first (remembering where the focus was, to put it back on close).
      onEntered={() => cancel.current?.focus()}
      centered
      aria-labelledby={titleId}
    >
      <Modal.Header closeButton closeLabel={messages.common.close}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{text}</Modal.Body>
      <Modal.Footer>
        <Button ref={cancel} variant="secondary" onClick={onCancel}>
          {messages.common.cancel}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={pending} aria-busy={pending}>
          {pending && pendingLabel ? pendingLabel : confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
