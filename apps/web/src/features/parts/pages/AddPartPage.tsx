import { useCallback, useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  PART_FIELDS,
  PartInputSchema,
  type PartField,
  type PartInput,
  type PartInputDraft,
  type UploadResult,
} from '@magazzino/contract';
import { parts as t } from '../../../i18n/parts';
import { applyServerErrors } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCreatePart } from '../api/create-part';
import { usePhotoUpload } from '../api/upload-image';
import { DraftNotice } from '../components/DraftNotice';
import { ImageUpload } from '../components/ImageUpload';
import { PartFields } from '../components/PartFields';
import { ResultModal } from '../components/ResultModal';
import { usePartDraft } from '../components/use-part-draft';
import '../components/parts.css';

type AddValues = Record<PartField, string>;

const EMPTY: AddValues = Object.fromEntries(PART_FIELDS.map((name) => [name, ''])) as AddValues;

/** What the add form keeps as a draft: every field as typed, and the photo already stored. */
interface AddDraft {
  values: Partial<AddValues>;
  photo: UploadResult | null;
}

const PHOTO_PICKER_ID = 'nuovo-foto';

/**
 * 'Aggiungi nuovo componente': the photo (uploaded as soon as it is chosen), then the form
 * validated by the contract's PartInputSchema. Nothing typed is lost: the form is kept as a draft
 * per user until the server confirmed it, across a reload or a sign-in after the session expired.
 * A save waits for a photo still uploading and refuses to go without a photo that failed. The
 * modal opens once the server confirmed; 'Chiudi' clears the form for the next part.
 */
export default function AddPartPage() {
  useDocumentTitle(t.add.title);
  const photo = usePhotoUpload();
  const [added, setAdded] = useState(false);
  // Pressed 'Aggiungi' while the photo was on its way: save once it arrives.
  const [waitingForPhoto, setWaitingForPhoto] = useState(false);
  const [photoBlocked, setPhotoBlocked] = useState(false);
  const create = useCreatePart();
  const form = useForm<PartInputDraft, unknown, PartInput>({
    resolver: zodResolver(PartInputSchema),
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, formState, setError, reset, setFocus } = form;

  const draft = usePartDraft<AddDraft>('nuovo', (restored) => {
    reset({ ...EMPTY, ...restored.values });
    photo.restore(restored.photo);
  });
  const { save: saveDraft } = draft;
  const photoResult = photo.result;
  const remember = useCallback(
    (values: Partial<AddValues>) => {
      const typed = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== undefined));
      const empty = Object.keys(typed).length === 0 && photoResult === null;
      saveDraft(empty ? null : { values: typed, photo: photoResult });
    },
    [saveDraft, photoResult],
  );
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ values }) => remember(values as Partial<AddValues>),
      }),
    [form, remember],
  );
  // A photo stored or removed is part of the draft too.
  useEffect(() => remember(form.getValues() as AddValues), [photoResult, remember, form]);

  const onSubmit = handleSubmit(async (values) => {
    // A photo still on its way is waited for; one that failed stops the save, and says why.
    setWaitingForPhoto(photo.status === 'uploading');
    const { status, result } = await photo.settled();
    setWaitingForPhoto(false);
    setPhotoBlocked(status === 'failed');
    if (status === 'failed') {
      document.getElementById(PHOTO_PICKER_ID)?.focus();
      return;
    }
    draft.flush();
    create.mutate(
      { ...values, urlImmagine: result?.secure_url ?? null },
      {
        onSuccess: () => {
          draft.clear();
          setAdded(true);
        },
        onError: (error) => {
          applyServerErrors(error, setError, PART_FIELDS);
        },
      },
    );
  });

  const startNext = () => {
    setAdded(false);
    reset(EMPTY);
    photo.remove();
    create.reset();
    draft.clear();
  };

  const busy = create.isPending || waitingForPhoto;
  return (
    <section className="container py-3">
      <h1 id="add-part-title" className="h2 mb-3">
        {t.add.title}
      </h1>
      <DraftNotice draft={draft} onDiscard={startNext} />
      <ImageUpload label={t.upload.pickerLabel} photo={photo} pickerId={PHOTO_PICKER_ID} />
      <Form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="add-part-title">
        <PartFields idPrefix="nuovo" register={(name) => register(name)} errors={formState.errors} required />
        <div aria-live="polite" className="mt-3">
          {waitingForPhoto && <Alert variant="info">{t.add.waitingForPhoto}</Alert>}
          {photoBlocked && photo.status === 'failed' && (
            <Alert variant="danger" role="alert">
              {t.add.photoFailed}
            </Alert>
          )}
          {create.isError && (
            <Alert variant="danger" role="alert">
              {t.add.failed}: {create.error.message}
            </Alert>
          )}
        </div>
        <div className="d-flex flex-wrap gap-2 mt-3">
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? t.add.submitting : t.add.submit}
          </Button>
          <Link className="btn btn-secondary" to={paths.dashboard.getHref()}>
            {t.add.back}
          </Link>
        </div>
      </Form>
      <ResultModal
        show={added}
        title={t.add.modalTitle}
        body={t.add.modalBody}
        onClose={startNext}
        onExited={() => setFocus('nome')}
      />
    </section>
  );
}
