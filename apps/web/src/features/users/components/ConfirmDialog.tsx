import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { messages } from '../../../i18n';

interface ConfirmDialogProps {
  show: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a change that takes effect at once (disabling an account, giving up one's own role). */
export function ConfirmDialog({ show, title, text, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="users-confirm-title">
      <Modal.Header closeButton closeLabel={messages.users.close}>
        <Modal.Title id="users-confirm-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{text}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel} autoFocus>
          {messages.users.cancel}
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
