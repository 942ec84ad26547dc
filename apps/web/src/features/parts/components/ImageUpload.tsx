import { useEffect, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ACCEPTED_IMAGE_TYPES, type UploadResult } from '@magazzino/contract';
import { parts as t } from '../../../i18n/parts';
import { useUploadImage } from '../api/upload-image';

interface ImageUploadProps {
  label: string;
  /** The uploaded image to preview (owned by the form, so clearing the form clears it). */
  previewUrl: string | null;
  onUploaded: (result: UploadResult) => void;
  /** Told when an upload starts and ends (the form waits for the photo before saving). */
  onBusyChange?: (busy: boolean) => void;
}

/**
 * The file picker and 'Carica Immagine' (SPEC.md screen 8): disabled until a file is picked,
 * 'uploading...' with a progress bar while busy, the preview after, and the server's error
 * beside the picker (DECISIONS #16, #18).
 */
export function ImageUpload({ label, previewUrl, onUploaded, onBusyChange }: ImageUploadProps) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadImage();
  const busy = upload.isPending;
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);
  const errorId = `${id}-error`;

  return (
    <div className="mb-3">
      <Form.Group controlId={`${id}-file`} className="mb-2">
        <Form.Label>{label}</Form.Label>
        <div className="d-flex flex-wrap gap-2 align-items-start">
          <Form.Control
            type="file"
            name="my_file"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            className="flex-grow-1"
            // Grows beside the button, wraps above it on a phone, never wider than the screen.
            style={{ flexBasis: '16rem', minWidth: 0 }}
            disabled={busy}
            isInvalid={upload.isError}
            aria-describedby={upload.isError ? errorId : `${id}-help`}
            onChange={(event) => {
              const input = event.target as HTMLInputElement;
              setFile(input.files?.[0] ?? null);
              upload.reset();
            }}
          />
          <Button
            type="button"
            variant="secondary"
            disabled={file === null || busy}
            onClick={() => {
              if (file) upload.mutate(file, { onSuccess: onUploaded });
            }}
          >
            {busy ? t.upload.busy : t.upload.button}
          </Button>
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
          aria-valuenow={upload.progress ?? 0}
        >
          <div className="progress-bar" style={{ width: `${upload.progress ?? 0}%` }}>
            {upload.progress ?? 0}%
          </div>
        </div>
      )}
      {upload.isError && (
        <div id={errorId} role="alert" className="text-danger-emphasis small mb-2">
          {t.upload.failed}: {upload.error.message}
        </div>
      )}
      {previewUrl !== null && (
        <figure className="mb-0">
          <img src={previewUrl} alt={t.upload.preview} className="parts-preview-image rounded border" />
        </figure>
      )}
    </div>
  );
}
