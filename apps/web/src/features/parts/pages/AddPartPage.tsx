import { useCallback, useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useCan } from '../../../lib/session/use-can';
import { ReadOnlyNotice } from '../components/ReadOnlyNotice';
import { fieldsOfGroup, type PartField, type PartInput, type UploadResult } from '@magazzino/contract';
import { parts as t } from '../../../i18n/parts';
import { applyServerErrors } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCreatePart } from '../api/create-part';
import { usePhotoUpload } from '../api/upload-image';
import { DraftNotice } from '../../../components/DraftNotice';
import { useDonorVehicle } from '../api/get-donor-vehicle';
import { addResolver, SERVER_ERROR_FIELDS } from '../components/edit-resolver';
import { FitmentEditor } from '../components/FitmentEditor';
import { LinkedVehicle } from '../components/LinkedVehicle';
import { emptyPartValues } from '../components/part-form-values';
import { ImageUpload } from '../components/ImageUpload';
import { moveOnEnter } from '../components/move-on-enter';
import { PartFields, type PartFormValues } from '../components/PartFields';
import { ResultModal } from '../components/ResultModal';
import { useFormDraft } from '../../../lib/use-form-draft';
import '../components/parts.css';

const EMPTY: PartFormValues = emptyPartValues();

/**
 * What 'Chiudi' keeps for the next part of a batch: the vehicle it comes from (its fields and the
 * link to the donor vehicle) and the shelf it goes to (scaffale, campata, ripiano); each part has
 * its own cassetta and its own fitment list.
 */
const KEPT_FOR_NEXT_PART = [
  ...fieldsOfGroup('veicolo'),
  'veicoloId',
  'scaffale',
  'campata',
  'ripiano',
] as const satisfies readonly (PartField | 'veicoloId')[];

/** What the add form keeps as a draft: every field as typed, and the photo already stored. */
interface AddDraft {
  values: Partial<PartFormValues>;
  photo: UploadResult | null;
}

const PHOTO_PICKER_ID = 'nuovo-foto';

/** The values typed, without the empty ones (an empty fitment list included). */
function typedValues(values: Partial<PartFormValues>): Partial<PartFormValues> {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([, v]) => v !== '' && v !== undefined && !(Array.isArray(v) && v.length === 0),
    ),
  );
}

/** The fields the donor vehicle fills in (still editable). */
const FROM_VEHICLE = [
  'marca',
  'modello',
  'versione',
  'annoImmatricolazione',
] as const satisfies readonly PartField[];

/**
 * 'Aggiungi nuovo componente', made for batches: the fields in groups (Componente, Veicolo,
 * Ubicazione, Foto), validated by the contract's PartInputSchema; Enter moves to the next field.
 * The photo is uploaded as soon as it is chosen; a save waits for it, and refuses to go without a
 * photo that failed. Once the server confirmed, the modal offers 'Chiudi' (the next part of the same
 * vehicle and shelf: those fields stay, the rest and the photo are cleared, the cursor on Nome) or
 * 'Nuovo veicolo' (everything cleared). Nothing typed is lost: the form is kept as a draft per
 * user until the server confirmed it, across a reload or a sign-in after the session expired.
 */
/** 'Aggiungi nuovo componente': the form, or why not for a role that cannot change parts. */
export default function AddPartPage() {
  const canWrite = useCan('parts:write');
  return canWrite ? <AddPartForm /> : <ReadOnlyNotice title={t.add.title} />;
}

function AddPartForm() {
  useDocumentTitle(t.add.title);
  const photo = usePhotoUpload();
  // The part just saved (the modal names its vehicle and shelf), and whether the modal is open.
  const [added, setAdded] = useState<PartInput | null>(null);
  const [showAdded, setShowAdded] = useState(false);
  // Pressed 'Aggiungi' while the photo was on its way: save once it arrives.
  const [waitingForPhoto, setWaitingForPhoto] = useState(false);
  const [photoBlocked, setPhotoBlocked] = useState(false);
  const create = useCreatePart();
  const form = useForm<PartFormValues, unknown, PartInput>({
    resolver: addResolver(),
    defaultValues: EMPTY,
  });
  const { register, control, handleSubmit, formState, setError, reset, setFocus, getValues, setValue } = form;
  const veicoloId = useWatch({ control, name: 'veicoloId' });

  // Opened from a vehicle's page (?veicolo=<id>): its marca, modello, versione and anno fill the
  // form (still editable) and the part is linked to it. The parameter then leaves the URL, so a
  // reload keeps what the clerk changed since (the draft has the link).
  const [search, setSearch] = useSearchParams();
  const fromVehicle = search.get('veicolo') ?? '';
  const donor = useDonorVehicle(fromVehicle);
  const donorVehicle = donor.data;
  useEffect(() => {
    if (!donorVehicle) return;
    for (const name of FROM_VEHICLE) setValue(name, donorVehicle[name] ?? '', { shouldDirty: true });
    setValue('veicoloId', donorVehicle._id, { shouldDirty: true });
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('veicolo');
        return next;
      },
      { replace: true },
    );
  }, [donorVehicle, setValue, setSearch]);

  const draft = useFormDraft<AddDraft>('nuovo', (restored) => {
    reset({ ...EMPTY, ...restored.values });
    photo.restore(restored.photo);
  });
  const { save: saveDraft } = draft;
  const photoResult = photo.result;
  const remember = useCallback(
    (values: Partial<PartFormValues>) => {
      const typed = typedValues(values);
      const empty = Object.keys(typed).length === 0 && photoResult === null;
      saveDraft(empty ? null : { values: typed, photo: photoResult });
    },
    [saveDraft, photoResult],
  );
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ values }) => remember(values),
      }),
    [form, remember],
  );
  // A photo stored or removed is part of the draft too.
  useEffect(() => remember(form.getValues()), [photoResult, remember, form]);

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
    const input = { ...values, urlImmagine: result?.secure_url ?? null };
    create.mutate(input, {
      onSuccess: () => {
        draft.clear();
        setAdded(input);
        setShowAdded(true);
      },
      onError: (error) => {
        applyServerErrors(error, setError, SERVER_ERROR_FIELDS);
      },
    });
  });

  /** Clears the form for the next part: everything, or all but the vehicle and the shelf. */
  const startNext = (keep: boolean) => {
    const current = getValues();
    const kept = keep ? Object.fromEntries(KEPT_FOR_NEXT_PART.map((name) => [name, current[name]])) : {};
    reset({ ...EMPTY, ...kept });
    photo.remove();
    create.reset();
    setPhotoBlocked(false);
    draft.clear();
    // A reload in the middle of a batch keeps the vehicle too.
    const typed = typedValues(kept);
    if (Object.keys(typed).length > 0) saveDraft({ values: typed, photo: null });
  };
  /** 'Chiudi' (and Escape) keeps the vehicle and shelf; 'Nuovo veicolo' clears everything. */
  const closeModal = (keep: boolean) => {
    startNext(keep);
    setShowAdded(false);
  };

  const busy = create.isPending || waitingForPhoto;
  const vehicle = added
    ? [added.marca, added.modello, added.versione, added.annoImmatricolazione].filter(Boolean).join(' ')
    : '';
  const place = added ? [added.scaffale, added.campata, added.ripiano].join(' · ') : '';
  return (
    <section className="container">
      <PageHeader titleId="add-part-title" title={t.add.title} lead={t.form.requiredNote} />
      <DraftNotice draft={draft} onDiscard={() => startNext(false)} />
      <Form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        onKeyDown={moveOnEnter}
        aria-labelledby="add-part-title"
        className="part-form"
      >
        <PartFields
          idPrefix="nuovo"
          register={register}
          control={control}
          errors={formState.errors}
          enterMovesOn
          groupIntro={{
            veicolo: (
              <>
                <LinkedVehicle
                  id={veicoloId}
                  known={donorVehicle}
                  onUnlink={() => setValue('veicoloId', '', { shouldDirty: true })}
                  error={formState.errors.veicoloId?.message}
                />
                {fromVehicle !== '' && donor.isError && (
                  <p className="alert alert-warning py-2" role="alert">
                    {t.donor.notFound}
                  </p>
                )}
              </>
            ),
          }}
        >
          <FitmentEditor idPrefix="nuovo" register={register} control={control} errors={formState.errors} />
          <fieldset className="part-fieldset part-fieldset-foto">
            <legend className="part-legend">{t.form.groups.foto}</legend>
            <ImageUpload label={t.upload.pickerLabel} photo={photo} pickerId={PHOTO_PICKER_ID} />
          </fieldset>
        </PartFields>
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
        show={showAdded}
        title={t.add.modalTitle}
        body={t.add.modalBody}
        note={added ? t.add.keptNote(vehicle, place) : undefined}
        onClose={() => closeModal(true)}
        secondary={{ label: t.add.newVehicle, onClick: () => closeModal(false) }}
        onExited={() => setFocus('nome')}
      />
    </section>
  );
}
