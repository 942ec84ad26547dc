import { useEffect, useEffectEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useCan } from '../../../lib/session/use-can';
import { ReadOnlyNotice } from '../components/ReadOnlyNotice';
import { fieldsOfGroup, type PartField, type PartInput } from '@magazzino/contract';
import { messages } from '../../../i18n';
import { parts as t } from '../../../i18n/parts';
import { applyServerErrors } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCreatePart } from '../api/create-part';
import { DraftNotice } from '../../../components/DraftNotice';
import { PhotoAlerts, usePhotoGate } from '../../../components/PhotoAlerts';
import { PhotosField } from '../../../components/PhotosField';
import { usePhotos } from '../../../lib/use-photos';
import { useDonorVehicle } from '../api/get-donor-vehicle';
import { addResolver, preloadPartSchemas, SERVER_ERROR_FIELDS } from '../components/edit-resolver';
import { FitmentEditor } from '../components/FitmentEditor';
import { LinkedVehicle } from '../components/LinkedVehicle';
import { emptyPartValues } from '../components/part-form-values';
import { moveOnEnter } from '../components/move-on-enter';
import { PartFields, type PartFormValues } from '../components/PartFields';
import { PrintLabelsLink } from '../components/PrintLabelsLink';
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

/**
 * What the add form keeps as a draft: every field as typed, and the photos already stored (their
 * URLs and thumbnails, in order). A draft of the single-photo form had `photo` instead.
 */
interface AddDraft {
  values: Partial<PartFormValues>;
  immagini?: string[];
  miniature?: string[];
  photo?: { secure_url: string; thumbnail_url?: string } | null;
}

/** The stored photos a draft holds, whichever form wrote it. */
function draftPhotos(draft: AddDraft): { urls: string[]; thumbs: string[] } {
  if (draft.immagini) return { urls: draft.immagini, thumbs: draft.miniature ?? [] };
  if (draft.photo)
    return { urls: [draft.photo.secure_url], thumbs: [draft.photo.thumbnail_url ?? draft.photo.secure_url] };
  return { urls: [], thumbs: [] };
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
 * The photos (up to 12, from the camera or the gallery) are made smaller and uploaded as soon as
 * they are chosen; a save waits for those on their way, and refuses to go while one has failed.
 * Once the server confirmed, the modal offers 'Chiudi' (the next part of the same vehicle and
 * shelf: those fields stay, the rest and the photos are cleared, the cursor on Nome) or
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
  const photos = usePhotos();
  const gate = usePhotoGate(photos, PHOTO_PICKER_ID);
  // The part just saved (the modal names its vehicle and shelf), and whether the modal is open.
  const [added, setAdded] = useState<PartInput | null>(null);
  const [showAdded, setShowAdded] = useState(false);
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
    const { urls, thumbs } = draftPhotos(restored);
    photos.replace(urls, thumbs);
  });
  const { save: saveDraft } = draft;
  // The photos stored so far, in order, as one value the draft follows (not those on their way).
  const storedKey = photos.photos
    .flatMap((photo) => (photo.status === 'ready' && photo.url ? [photo.url] : []))
    .join(' ');
  const remember = useEffectEvent((values: Partial<PartFormValues>) => {
    const typed = typedValues(values);
    const immagini = photos.urls();
    const empty = Object.keys(typed).length === 0 && immagini.length === 0;
    saveDraft(empty ? null : { values: typed, immagini, miniature: photos.thumbs() });
  });
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ values }) => remember(values),
      }),
    [form],
  );
  // A photo stored, moved or removed is part of the draft too.
  useEffect(() => remember(form.getValues()), [storedKey, form]);

  const onSubmit = handleSubmit(async (values) => {
    // Photos still on their way are waited for; one that failed stops the save, and says why.
    if (!(await gate.ready())) return;
    draft.flush();
    const input: PartInput = { ...values, immagini: photos.urls() };
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
    photos.replace();
    create.reset();
    gate.clear();
    draft.clear();
    // A reload in the middle of a batch keeps the vehicle too.
    const typed = typedValues(kept);
    if (Object.keys(typed).length > 0) saveDraft({ values: typed, immagini: [], miniature: [] });
  };
  /** 'Chiudi' (and Escape) keeps the vehicle and shelf; 'Nuovo veicolo' clears everything. */
  const closeModal = (keep: boolean) => {
    startNext(keep);
    setShowAdded(false);
  };

  const busy = create.isPending || gate.waiting;
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
        onFocus={preloadPartSchemas}
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
            <PhotosField photos={photos} label={t.photos.label} pickerId={PHOTO_PICKER_ID} />
          </fieldset>
        </PartFields>
        <div aria-live="polite" className="mt-3">
          <PhotoAlerts waiting={gate.waiting} blocked={gate.blocked} messages={t.add.photos} />
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
        extra={
          create.data && (
            // In a new tab: this form stays as it is for the next part of the batch.
            <PrintLabelsLink
              className="btn btn-outline-secondary"
              target={{ tipo: 'componenti', ids: [create.data._id] }}
              newTab
            >
              {messages.labels.open.one}
            </PrintLabelsLink>
          )
        }
        onExited={() => setFocus('nome')}
      />
    </section>
  );
}
