import { useEffect, useId, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ACCEPTED_IMAGE_TYPES } from '@magazzino/contract';
import { parts as t } from '../../../i18n/parts';
import type { PhotoUpload } from '../api/upload-image';

interface ImageUploadProps {
  label: string;
  /** The form's photo: chosen, uploading, failed or stored (usePhotoUpload). */
  photo: PhotoUpload;
  /** The id the form points at when it asks the clerk to look at the photo. */
  pickerId?: string;
}

/**
 * The photo picker of the part forms. Choosing a file starts its upload at once, with a progress
 * bar; 'Carica Immagine' stays as the retry after a failure; 'Rimuovi foto' drops it. The error of
 * a refused file shows beside the picker, and the preview once the server stored it.
 */
export function ImageUpload({ label, photo, pickerId }: ImageUploadProps) {
  const generated = useId();
  const id = pickerId ?? `${generated}-file`;
  const input = useRef<HTMLInputElement>(null);
  const { status } = photo;
  const busy = status === 'uploading';
  const errorId = `${id}-error`;

  // A removed or restored photo also empties the picker, so it never shows a file that is not there.
  useEffect(() => {
    if (photo.file === null && input.current) input.current.value = '';
  }, [photo.file]);

  return (
    <div className="mb-3">
      <Form.Group controlId={id} className="mb-2">
        <Form.Label>{label}</Form.Label>
        <div className="d-flex flex-wrap gap-2 align-items-start">
          <Form.Control
            ref={input}
            type="file"
            name="my_file"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            className="flex-grow-1"
            // Grows beside the buttons, wraps above them on a phone, never wider than the screen.
            style={{ flexBasis: '16rem', minWidth: 0 }}
            isInvalid={status === 'failed'}
            aria-describedby={status === 'failed' ? errorId : `${id}-help`}
            onChange={(event) => {
              const file = (event.target as HTMLInputElement).files?.[0];
              if (file) photo.choose(file);
            }}
          />
          <Button
            type="button"
            variant="secondary"
            disabled={status !== 'failed' || photo.file === null}
            onClick={photo.retry}
          >
            {busy ? t.upload.busy : t.upload.button}
          </Button>
          {status !== 'empty' && (
            <Button type="button" variant="outline-danger" className="ms-2" onClick={photo.remove}>
              {busy ? t.upload.cancel : t.upload.remove}
            </Button>
          )}
        </div>
        <Form.Text id={`${id}-help`}>{t.upload.pickerHelp}</Form.Text>
      </Form.Group>
      {busy && (
        <div
          className="progress mb-2"
          role="progressbar"
          aria-label={t.upload.progress}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={photo.progress}
        >
          <div className="progress-bar" style={{ width: `${photo.progress}%` }}>
            {photo.progress}%
          </div>
        </div>
      )}
      <div aria-live="polite">
        {status === 'failed' && photo.error && (
          <div id={errorId} role="alert" className="text-danger-emphasis small mb-2">
            {t.upload.failed}: {photo.error.message}
          </div>
        )}
        {status === 'ready' && <p className="visually-hidden">{t.upload.done}</p>}
      </div>
      {status === 'ready' && photo.result && (
        <figure className="mb-0">
          <img
            src={photo.result.secure_url}
            alt={t.upload.preview}
            width={photo.result.width}
            height={photo.result.height}
            className="parts-preview-image rounded border"
          />
        </figure>
      )}
    </div>
  );
}
