import { useEffect, useEffectEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { DraftNotice } from '../../../components/DraftNotice';
import { PageHeader } from '../../../components/PageHeader';
import { vehicles as t } from '../../../i18n/vehicles';
import { applyServerErrors } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/session/use-can';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFormDraft } from '../../../lib/use-form-draft';
import type { VehicleInput } from '@magazzino/contract';
import { useCreateVehicle } from '../api/create-vehicle';
import { PhotoAlerts, usePhotoGate } from '../../../components/PhotoAlerts';
import { PhotosField } from '../../../components/PhotosField';
import {
  addVehicleResolver,
  preloadVehicleSchemas,
  emptyVehicleValues,
  VEHICLE_FORM_FIELDS,
  type VehicleFormValues,
} from '../components/vehicle-form';
import { VehicleFields } from '../components/VehicleFields';
import { VehicleReadOnlyNotice } from '../components/VehicleReadOnlyNotice';
import { usePhotos } from '../../../lib/use-photos';
import '../components/vehicles.css';

const PHOTO_PICKER_ID = 'nuovo-veicolo-foto';

/** What the add form keeps as a draft: the fields typed, and the photos already stored. */
interface AddVehicleDraft {
  values: Partial<VehicleFormValues>;
  immagini: string[];
  miniature: string[];
}

/** 'Aggiungi veicolo': the form, or why not for a role that cannot change the warehouse. */
export default function AddVehiclePage() {
  const canWrite = useCan('parts:write');
  return canWrite ? <AddVehicleForm /> : <VehicleReadOnlyNotice title={t.add.title} />;
}

/**
 * A new donor vehicle: its fields validated by the contract's VehicleInputSchema (the VIN as it
 * is typed), the day of entry today unless changed, and up to 12 photos uploaded as they are
 * chosen. Saved, the clerk lands on the vehicle's page, where its parts are added.
 */
function AddVehicleForm() {
  useDocumentTitle(t.add.title);
  const navigate = useNavigate();
  const create = useCreateVehicle();
  const form = useForm<VehicleFormValues, unknown, VehicleInput>({
    resolver: addVehicleResolver(),
    defaultValues: emptyVehicleValues(),
  });
  const { register, control, handleSubmit, formState, setError, reset } = form;
  // What was typed survives a reload or a session that ended under the form (lib/drafts.ts).
  const draft = useFormDraft<AddVehicleDraft>('veicolo.nuovo', (restored) =>
    reset({ ...emptyVehicleValues(), ...restored.values }),
  );
  const photos = usePhotos(draft.restored?.data.immagini, draft.restored?.data.miniature);
  const { waiting, blocked, ready } = usePhotoGate(photos, PHOTO_PICKER_ID);
  const [serverError, setServerError] = useState<string | null>(null);

  const { save: saveDraft } = draft;
  const stored = photos.photos.filter((photo) => photo.status === 'ready' && photo.url !== null);
  const storedKey = stored.map((photo) => photo.url).join(' ');
  const remember = useEffectEvent((values: Partial<VehicleFormValues>) => {
    const empty = emptyVehicleValues();
    const typed = Object.fromEntries(
      Object.entries(values).filter(([name, value]) => value !== empty[name as keyof VehicleFormValues]),
    );
    saveDraft(
      Object.keys(typed).length === 0 && stored.length === 0
        ? null
        : {
            values: typed,
            immagini: stored.map((photo) => photo.url ?? ''),
            miniature: stored.map((photo) => photo.thumb ?? photo.url ?? ''),
          },
    );
  });
  useEffect(
    () => form.subscribe({ formState: { values: true }, callback: ({ values }) => remember(values) }),
    [form],
  );
  // A photo stored or removed is part of the draft too.
  useEffect(() => remember(form.getValues()), [storedKey, form]);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    if (!(await ready())) return;
    draft.flush();
    try {
      const saved = await create.mutateAsync({ ...values, immagini: photos.urls() });
      draft.clear();
      await navigate(paths.vehicle.getHref(saved._id));
    } catch (error) {
      setServerError(applyServerErrors(error, setError, VEHICLE_FORM_FIELDS));
    }
  });
  const discardDraft = () => {
    draft.clear();
    reset(emptyVehicleValues());
    photos.replace();
  };

  const busy = create.isPending || waiting;
  return (
    <section className="container">
      <PageHeader titleId="add-vehicle-title" title={t.add.title} lead={t.form.requiredNote} />
      <DraftNotice draft={draft} onDiscard={discardDraft} />
      <Form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        onFocus={preloadVehicleSchemas}
        aria-labelledby="add-vehicle-title"
        className="vehicle-form"
      >
        <VehicleFields
          idPrefix="nuovo-veicolo"
          register={register}
          control={control}
          errors={formState.errors}
        >
          <fieldset className="vehicle-fieldset vehicle-fieldset-wide">
            <legend className="vehicle-legend">{t.form.groups.foto}</legend>
            <PhotosField photos={photos} label={t.photos.label} pickerId={PHOTO_PICKER_ID} />
          </fieldset>
        </VehicleFields>
        <div aria-live="polite" className="mt-3">
          <PhotoAlerts waiting={waiting} blocked={blocked} messages={t.photos} />
          {serverError && (
            <Alert variant="danger" role="alert">
              {t.form.failed}: {serverError}
            </Alert>
          )}
        </div>
        <div className="d-flex flex-wrap gap-2 mt-3">
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? t.add.submitting : t.add.submit}
          </Button>
          <Link className="btn btn-secondary" to={paths.vehicles.getHref()}>
            {t.add.back}
          </Link>
        </div>
      </Form>
    </section>
  );
}
