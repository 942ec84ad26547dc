import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { parts as t } from '../../../i18n/parts';

interface ResultModalProps {
  show: boolean;
  title: string;
  body: string;
  onClose: () => void;
  /** After the closing animation; when given, it decides where the focus goes. */
  onExited?: () => void;
}

/** The confirmation of a saved change ('Componente AGGIUNTO', 'COMPONENTE CANCELLATO') with 'Chiudi'. */
export function ResultModal({ show, title, body, onClose, onExited }: ResultModalProps) {
  return (
    <Modal
      show={show}
      onHide={onClose}
      onExited={onExited}
      restoreFocus={onExited === undefined}
      centered
      aria-labelledby="result-modal-title"
    >
      <Modal.Header>
        <Modal.Title id="result-modal-title">{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{body}</Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={onClose} autoFocus>
          {t.close}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
