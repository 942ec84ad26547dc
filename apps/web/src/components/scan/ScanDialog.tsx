import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { messages } from '../../i18n';
import { scan } from '../../i18n/scan';
import { FormField } from '../FormField';
import { QrCamera } from './QrCamera';
import './scan.css';

const t = scan.dialog;

/** Where a code came from: the camera, or the box under it. */
export type CodeSource = 'camera' | 'typed';

export interface ScanDialogProps {
  show: boolean;
  onHide: () => void;
  /** After the closing animation: the parent may unmount the dialog. */
  onExited?: () => void;
  title?: string;
  lead?: string;
  /**
   * Decides about a code read or typed: a refusal to show (the camera keeps reading), or null
   * when the code was taken (the parent navigates, or asks to confirm with `confirm`).
   */
  onCode: (text: string, source: CodeSource) => string | null;
  /** Once a code is taken: what replaces the camera and the box (a question, its buttons). */
  confirm?: ReactNode;
  typedPlaceholder?: string;
  typedHint?: string;
  /** The box's button ('Apri'). */
  submitLabel?: string;
}

/**
 * 'Scansiona codice': the camera's picture reading QR codes and, under it, 'Oppure scrivi il
 * codice' for a label the camera cannot read (or no camera at all). Full screen on a phone. The
 * camera runs only while the reader is shown: closing the dialog, or a `confirm` step, stops it.
 */
export function ScanDialog({
  show,
  onHide,
  onExited,
  title = t.title,
  lead = t.lead,
  onCode,
  confirm,
  typedPlaceholder = t.typedPlaceholder,
  typedHint = t.typedHint,
  submitLabel = t.open,
}: ScanDialogProps) {
  const titleId = useId();
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const onTyped = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim() === '') return;
    setTypedError(onCode(typed, 'typed'));
  };

  return (
    <Modal
      show={show}
      onHide={onHide}
      onExited={onExited}
      fullscreen="sm-down"
      centered
      aria-labelledby={titleId}
      className="scan-dialog"
    >
      <Modal.Header closeButton closeLabel={messages.common.close}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {confirm ?? (
          <>
            <p className="mb-2">{lead}</p>
            {show && (
              <QrCamera
                onCode={(text) => {
                  const refused = onCode(text, 'camera');
                  setRefusal(refused);
                  return refused === null;
                }}
                refusal={refusal}
              />
            )}
            <Form noValidate onSubmit={onTyped} className="scan-typed mt-3">
              <div className="d-flex gap-2 align-items-start">
                <FormField
                  id="scan-typed-code"
                  name="codice"
                  className="flex-grow-1 mb-0"
                  label={t.typedLabel}
                  placeholder={typedPlaceholder}
                  hint={typedHint}
                  value={typed}
                  onChange={(event) => {
                    setTyped(event.target.value);
                    setTypedError(null);
                  }}
                  error={typedError ?? undefined}
                  autoComplete="off"
                  autoCapitalize="characters"
                  enterKeyHint="go"
                />
                <Button type="submit" variant="primary" className="scan-typed-submit">
                  {submitLabel}
                </Button>
              </div>
            </Form>
          </>
        )}
      </Modal.Body>
    </Modal>
  );
}
