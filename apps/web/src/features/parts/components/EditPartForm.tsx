import { useEffect, useEffectEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { Part, PartPatch } from '@magazzino/contract';
import { parts as t } from '../../../i18n/parts';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { photoSrcSet, previewUrlOf } from '../../../lib/media-urls';
import type { VersionedPart } from '../api/get-part';
import { useUpdatePart } from '../api/update-part';
import { DraftNotice } from '../../../components/DraftNotice';
import { PhotoAlerts, usePhotoGate } from '../../../components/PhotoAlerts';
import { PhotosField } from '../../../components/PhotosField';
import { usePhotos } from '../../../lib/use-photos';
import {
  changedFields,
  editResolver,
  preloadPartSchemas,
  editValuesOf,
  SERVER_ERROR_FIELDS,
  type EditValues,
} from './edit-resolver';
import { FitmentEditor } from './FitmentEditor';
import { LinkedVehicle } from './LinkedVehicle';
import { PartFields } from './PartFields';
import { useReturnFlow } from './return-flow';
import { useFormDraft } from '../../../lib/use-form-draft';
import './parts.css';

/**
 * What the edit form keeps as a draft: the fields changed, the photos when they changed (URLs and
 * thumbnails, in order), and the version edited. A draft of the single-photo form had `photo`.
 */
interface EditDraft {
  baseVersion: number;
  values: Partial<EditValues>;
  immagini?: string[];
  miniature?: string[];
  photo?: { secure_url: string; thumbnail_url?: string } | null;
}

const PHOTO_PICKER_ID = 'modifica-foto';

/** The same list of URLs, in the same order. */
function sameUrls(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((url, index) => url === b[index]);
}

/** The photos a draft puts back: its list, or the single-photo form's new cover before the others. */
function draftPhotos(draft: EditDraft, part: Part): { urls: string[]; thumbs: string[] } | null {
  if (draft.immagini) return { urls: draft.immagini, thumbs: draft.miniature ?? [] };
  if (!draft.photo) return null;
  return {
    urls: [draft.photo.secure_url, ...part.immagini.slice(1)],
    thumbs: [draft.photo.thumbnail_url ?? draft.photo.secure_url, ...part.miniature.slice(1)],
  };
}

interface EditPartFormProps {
  versioned: VersionedPart;
  reloading: boolean;
  /** Loads the latest stored version (after someone else changed the part). */
  onReload: () => void;
}

/**
 * The two blocks of the edit screen: the current cover (320 px) with the part's photos (added,
 * moved, made the cover, removed: saved with the form), then the prefilled form. Saves send If-Match; a 412 says someone else changed the part and offers the
 * latest version. Every failure is said on the page, in the error area under the form. Once saved,
 * and with 'Torna Indietro', the clerk goes back to the screen the part was opened from.
 */
export function EditPartForm({ versioned, reloading, onReload }: EditPartFormProps) {
  const { part, etag } = versioned;
  // Saved, the clerk goes back where they opened the part from (a list, a category, the lookup,
  // the part's page), told 'Modifiche salvate'.
  const { back, afterSave } = useReturnFlow(part._id);
  const update = useUpdatePart();
  const photos = usePhotos(part.immagini, part.miniature);
  const gate = usePhotoGate(photos, PHOTO_PICKER_ID);
  const [nothingChanged, setNothingChanged] = useState(false);
  const [staleDraft, setStaleDraft] = useState(false);
  const stored = editValuesOf(part);
  const { register, control, handleSubmit, formState, setError, setValue, subscribe, getValues, reset } =
    useForm<EditValues, unknown, PartPatch>({
      resolver: editResolver(part),
      defaultValues: stored,
    });
  const veicoloId = useWatch({ control, name: 'veicoloId' });

  // Unsaved changes survive a reload or an expired session; a draft made on an older version is
  // put back with a warning (only the fields the clerk changed are kept, so others' edits stay).
  const draft = useFormDraft<EditDraft>(`modifica.${part._id}`, (restored) => {
    for (const [name, value] of Object.entries(restored.values)) {
      if (name === 'compatibilita' && Array.isArray(value)) {
        setValue('compatibilita', value, { shouldDirty: true });
      } else if (typeof value === 'string' && name !== 'compatibilita') {
        setValue(name as Exclude<keyof EditValues, 'compatibilita'>, value, { shouldDirty: true });
      }
    }
    const restoredPhotos = draftPhotos(restored, part);
    if (restoredPhotos) photos.replace(restoredPhotos.urls, restoredPhotos.thumbs);
    setStaleDraft(restored.baseVersion !== part.version);
  });
  const { save: saveDraft } = draft;
  // The photos stored so far, in order, as one value the draft follows (not those on their way).
  const storedKey = photos.photos
    .flatMap((photo) => (photo.status === 'ready' && photo.url ? [photo.url] : []))
    .join(' ');
  const photosChanged = storedKey !== part.immagini.join(' ');
  const remember = useEffectEvent((values: EditValues) => {
    const changed = changedFields(values, part);
    if (Object.keys(changed).length === 0 && !photosChanged) {
      saveDraft(null);
      return;
    }
    const kept = photosChanged ? { immagini: photos.urls(), miniature: photos.thumbs() } : {};
    saveDraft({ baseVersion: part.version, values: changed, ...kept });
  });
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values }) => remember(values),
      }),
    [subscribe],
  );
  useEffect(() => remember(getValues()), [storedKey, getValues]);

  const onSubmit = handleSubmit(async (patch) => {
    if (!(await gate.ready())) return;
    const urls = photos.urls();
    const body: PartPatch = sameUrls(urls, part.immagini) ? patch : { ...patch, immagini: urls };
    if (Object.keys(body).length === 0) {
      setNothingChanged(true);
      return;
    }
    setNothingChanged(false);
    draft.flush();
    update.mutate(
      { id: part._id, patch: body, etag },
      {
        onSuccess: () => {
          draft.clear();
          afterSave();
        },
        onError: (error) => {
          applyServerErrors(error, setError, SERVER_ERROR_FIELDS);
        },
      },
    );
  });

  const discardDraft = () => {
    reset(stored);
    photos.replace(part.immagini, part.miniature);
    gate.clear();
    draft.clear();
    setStaleDraft(false);
  };

  const conflict = update.error instanceof ApiError && update.error.status === 412;

  const busy = update.isPending || gate.waiting;
  return (
    <>
      <DraftNotice draft={draft} onDiscard={discardDraft} stale={staleDraft} />
      <div className="card mb-4">
        <div className="card-body">
          <p className="fs-5 mb-2">
            {part.nome} {part.codice !== null && <span className="text-body-secondary">· {part.codice}</span>}
          </p>
          {part.urlImmagine ? (
            <img
              src={previewUrlOf(part.urlImmagine) ?? part.urlImmagine}
              srcSet={photoSrcSet(part.urlImmagine, part.urlMiniatura)}
              sizes="320px"
              alt={t.edit.currentImage(part.nome)}
              width={320}
              height={240}
              className="parts-edit-image rounded mb-3"
            />
          ) : (
            <p className="text-body-secondary">{t.edit.noImage}</p>
          )}
          <PhotosField photos={photos} label={t.photos.label} pickerId={PHOTO_PICKER_ID} />
          {photosChanged && !photos.uploading && <p className="small mt-2 mb-0">{t.edit.photosReady}</p>}
        </div>
      </div>

      <Form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        onFocus={preloadPartSchemas}
        aria-labelledby="edit-form-title"
        className="part-form"
      >
        <h2 id="edit-form-title" className="h4">
          {t.edit.formTitle}
        </h2>
        <p className="text-body-secondary small">{t.edit.hint}</p>
        <PartFields
          idPrefix="modifica"
          register={register}
          control={control}
          errors={formState.errors}
          groupIntro={{
            veicolo: (
              <LinkedVehicle
                id={veicoloId}
                known={part.veicolo}
                onUnlink={() => setValue('veicoloId', '', { shouldDirty: true })}
                error={formState.errors.veicoloId?.message}
              />
            ),
          }}
        >
          <FitmentEditor
            idPrefix="modifica"
            register={register}
            control={control}
            errors={formState.errors}
          />
        </PartFields>
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
          <PhotoAlerts waiting={gate.waiting} blocked={gate.blocked} messages={t.edit.photos} />
        </div>
        <div className="d-flex flex-wrap gap-2 mt-3">
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? t.edit.submitting : t.edit.submit}
          </Button>
          <Link className="btn btn-secondary" to={back.to} state={back.state}>
            {t.edit.back}
          </Link>
        </div>
      </Form>
    </>
  );
}
