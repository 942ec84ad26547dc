import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { PartPatch, UploadResult } from '@magazzino/contract';
import { ApiError } from '../../../lib/api-client';
import { parts as t } from '../../../i18n/parts';
import type { VersionedPart } from '../api/get-part';
import { useUpdatePart } from '../api/update-part';
import { editResolver, editValuesOf, type EditValues } from './edit-resolver';
import { ImageUpload } from './ImageUpload';
import { PartFields, fieldMessages } from './PartFields';
import { serverFieldErrors } from './server-errors';
import './parts.css';

interface EditPartFormProps {
  versioned: VersionedPart;
  reloading: boolean;
  /** Loads the latest stored version (after someone else changed the part). */
  onReload: () => void;
}

/**
 * The two blocks of the edit screen: the current image (320 px) with a new upload, then the
 * prefilled form. Saves send If-Match; a 412 says someone else changed the part and offers the
 * latest version. Every failure is shown in the error area (DECISIONS #11).
 */
export function EditPartForm({ versioned, reloading, onReload }: EditPartFormProps) {
  const { part, etag } = versioned;
  const navigate = useNavigate();
  const update = useUpdatePart();
  const [newImage, setNewImage] = useState<UploadResult | null>(null);
  const [nothingChanged, setNothingChanged] = useState(false);
  const [uploading, setUploading] = useState(false);
  const stored = editValuesOf(part);
  const { register, handleSubmit, formState, setError } = useForm<EditValues, unknown, PartPatch>({
    resolver: editResolver(part),
    defaultValues: stored,
  });

  const onSubmit = handleSubmit((patch) => {
    const body: PartPatch = newImage ? { ...patch, urlImmagine: newImage.secure_url } : patch;
    if (Object.keys(body).length === 0) {
      setNothingChanged(true);
      return;
    }
    setNothingChanged(false);
    update.mutate(
      { id: part._id, patch: body, etag },
      {
        onSuccess: () => void navigate('/dashboardpage'),
        onError: (error) => {
          for (const [name, message] of serverFieldErrors(error)) setError(name, { message });
        },
      },
    );
  });

  const conflict = update.error instanceof ApiError && update.error.status === 412;

  return (
    <>
      <div className="card mb-4">
        <div className="card-body">
          <p className="fs-5 mb-2">
            {part.nome} <span className="text-body-secondary">· {part.codice}</span>
          </p>
          {part.urlImmagine ? (
            <img
              src={part.urlImmagine}
              alt={t.edit.currentImage(part.nome)}
              className="parts-edit-image rounded mb-3"
            />
          ) : (
            <p className="text-body-secondary">{t.edit.noImage}</p>
          )}
          <ImageUpload
            label={t.edit.newImage}
            previewUrl={newImage?.secure_url ?? null}
            onUploaded={setNewImage}
            onBusyChange={setUploading}
          />
          {newImage && <p className="small mb-0">{t.edit.newImageReady}</p>}
        </div>
      </div>

      <Form noValidate onSubmit={onSubmit} aria-labelledby="edit-form-title">
        <h2 id="edit-form-title" className="h4">
          {t.edit.formTitle}
        </h2>
        <p className="text-body-secondary small">{t.edit.hint}</p>
        <PartFields
          idPrefix="modifica"
          register={(name) => register(name)}
          errors={fieldMessages(formState.errors)}
          required={false}
          placeholders={stored}
        />
        <div aria-live="polite" className="mt-3">
          {conflict ? (
            <Alert variant="warning" role="alert">
              <p>{t.edit.conflict}</p>
              <Button variant="warning" onClick={onReload} disabled={reloading}>
                {t.edit.loadLatest}
              </Button>
            </Alert>
          ) : (
            update.isError && (
              <Alert variant="danger" role="alert">
                {t.edit.failed}: {update.error.message}
              </Alert>
            )
          )}
          {nothingChanged && <Alert variant="info">{t.edit.nothingChanged}</Alert>}
        </div>
        <div className="d-flex flex-wrap gap-2 mt-3">
          <Button type="submit" variant="primary" disabled={update.isPending || uploading}>
            {update.isPending ? t.edit.submitting : t.edit.submit}
          </Button>
          <Link className="btn btn-secondary" to="/elencocomponenti">
            {t.edit.back}
          </Link>
        </div>
      </Form>
    </>
  );
}
