import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { parts as t } from '../../../i18n/parts';

interface ResultModalProps {
  show: boolean;
  title: string;
  body: string;
  /** A second paragraph, smaller (what the buttons will do). */
  note?: string | undefined;
  /** 'Chiudi' (also Escape and the backdrop). */
  onClose: () => void;
  /** A second way to close, beside 'Chiudi' ('Nuovo veicolo'). */
  secondary?: { label: string; onClick: () => void };
  /** Another action in the footer, first ('Stampa etichetta'). */
  extra?: ReactNode;
  /** After the closing animation; when given, it decides where the focus goes. */
  onExited?: () => void;
}

/** The confirmation of a saved change ('Componente aggiunto') with 'Chiudi', and maybe a second choice. */
export function ResultModal({
  show,
  title,
  body,
  note,
  onClose,
  secondary,
  extra,
  onExited,
}: ResultModalProps) {
  return (
    <Modal
      show={show}
      onHide={onClose}
      onExited={onExited}
      restoreFocus={onExited === undefined}
      centered
      aria-labelledby="result-modal-title"
      aria-describedby="result-modal-body"
    >
      <Modal.Header>
        <Modal.Title id="result-modal-title">{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body id="result-modal-body">
        <p className={note ? 'mb-2' : 'mb-0'}>{body}</p>
        {note && <p className="small text-body-secondary mb-0">{note}</p>}
      </Modal.Body>
      <Modal.Footer className="result-modal-actions">
        {extra}
        {secondary && (
          <Button variant="outline-secondary" onClick={secondary.onClick}>
            {secondary.label}
          </Button>
        )}
        <Button variant="primary" onClick={onClose} autoFocus>
          {t.close}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
