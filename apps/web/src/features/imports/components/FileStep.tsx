import { useId, useRef, useState, type DragEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { imports as t } from '../../../i18n/imports';
import { StepHeading } from './StepHeading';

/** What the picker offers: CSV and Excel sheets (the server checks the content anyway). */
const ACCEPT = [
  '.csv',
  '.xlsx',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',');

interface FileStepProps {
  /** Starts sending the chosen file. */
  onChoose: (file: File) => void;
  onCancel: () => void;
  /** The file being sent and how far (0–100), or null. */
  uploading: { name: string; progress: number } | null;
  /** Why the last file was refused. */
  error: string | null;
  /** Whether the step's heading takes the focus (the clerk came back to it). */
  focusTitle: boolean;
}

/**
 * Step 1: a file input (with its label) that also takes a file dropped on it. Choosing a file
 * sends it at once, with a progress bar; a refused file says why beside the picker.
 */
export function FileStep({ onChoose, onCancel, uploading, error, focusTitle }: FileStepProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const errorId = `${id}-error`;
  const message = error;

  const choose = (file: File | undefined) => {
    if (!file) return;
    onChoose(file);
    // The same file may be chosen again after a fix, and must fire a change then.
    if (input.current) input.current.value = '';
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!uploading) choose(event.dataTransfer.files[0]);
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <StepHeading id={`${id}-title`} focus={focusTitle}>
        {t.file.title}
      </StepHeading>
      <div
        className={`import-drop${dragging ? ' import-drop-active' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <Form.Group controlId={`${id}-file`}>
          <Form.Label className="fw-semibold">{t.file.label}</Form.Label>
          <Form.Control
            ref={input}
            type="file"
            name="file"
            accept={ACCEPT}
            disabled={uploading !== null}
            isInvalid={message !== null}
            aria-invalid={message !== null || undefined}
            aria-describedby={message !== null ? `${errorId} ${id}-help` : `${id}-help`}
            onChange={(event) => choose((event.target as HTMLInputElement).files?.[0])}
          />
          <Form.Text id={`${id}-help`}>{t.file.help}</Form.Text>
        </Form.Group>
        {/* Phones have no dragging between windows: the hint is for a computer. */}
        <p className="import-drop-hint d-none d-md-block mb-0 mt-2" aria-hidden="true">
          {dragging ? t.file.dropActive : t.file.drop}
        </p>
      </div>
      {uploading && (
        <div className="mt-3">
          <p className="mb-1">{t.file.uploading(uploading.name)}</p>
          <div className="d-flex gap-2 align-items-center">
            <div
              className="progress flex-grow-1"
              role="progressbar"
              aria-label={t.file.progress}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={uploading.progress}
            >
              <div className="progress-bar" style={{ width: `${uploading.progress}%` }}>
                {uploading.progress}%
              </div>
            </div>
            <Button variant="outline-secondary" size="sm" onClick={onCancel}>
              {t.file.cancel}
            </Button>
          </div>
        </div>
      )}
      <div aria-live="polite">
        {message !== null && (
          <div id={errorId} role="alert" className="alert alert-danger mt-3 mb-0">
            {t.file.failed}: {message}
          </div>
        )}
      </div>
    </section>
  );
}
