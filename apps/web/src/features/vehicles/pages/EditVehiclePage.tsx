import { useEffect, useEffectEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { VehiclePatch } from '@magazzino/contract';
import { DraftNotice } from '../../../components/DraftNotice';
import { PageHeader } from '../../../components/PageHeader';
import { PageSpinner } from '../../../components/PageSpinner';
import { vehicles as t } from '../../../i18n/vehicles';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/session/use-can';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFormDraft } from '../../../lib/use-form-draft';
import { useVehicle, type VersionedVehicle } from '../api/get-vehicle';
import { useUpdateVehicle } from '../api/update-vehicle';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { PhotoAlerts, usePhotoGate } from '../../../components/PhotoAlerts';
import { PhotosField } from '../../../components/PhotosField';
import {
  changedVehicleFields,
  editVehicleResolver,
  preloadVehicleSchemas,
  VEHICLE_FORM_FIELDS,
  vehicleValuesOf,
  type VehicleFormValues,
} from '../components/vehicle-form';
import { VehicleFields } from '../components/VehicleFields';
import { VehicleReadOnlyNotice } from '../components/VehicleReadOnlyNotice';
import { usePhotos } from '../../../lib/use-photos';
import '../components/vehicles.css';

const PHOTO_PICKER_ID = 'modifica-veicolo-foto';

/** 'Modifica veicolo': the form, or why not for a role that cannot change the warehouse. */
export default function EditVehiclePage() {
  const canWrite = useCan('parts:write');
  return canWrite ? <EditVehicle /> : <VehicleReadOnlyNotice title={t.edit.title} />;
}

/** Loads the vehicle named by the URL, then its form (remounted on a newer version). */
function EditVehicle() {
  useDocumentTitle(t.edit.title);
  const { id = '' } = useParams();
  const query = useVehicle(id);
  return (
    <section className="container">
      <PageHeader title={t.edit.title} lead={query.data?.vehicle.targa} />
      {query.isPending && <PageSpinner />}
      {query.isError && (
        <ErrorMessage title={t.edit.loadError} error={query.error} onRetry={() => void query.refetch()} />
      )}
      {query.data && (
        <EditVehicleForm
          key={`${query.data.vehicle._id}:${query.data.etag ?? query.data.vehicle.updatedAt}`}
          versioned={query.data}
          reloading={query.isFetching}
          onReload={() => void query.refetch()}
        />
      )}
    </section>
  );
}

/** What the edit form keeps as a draft: the fields changed, and the version they were made on. */
interface EditVehicleDraft {
  baseVersion: number;
  values: Partial<VehicleFormValues>;
}

interface EditVehicleFormProps {
  versioned: VersionedVehicle;
  reloading: boolean;
  onReload: () => void;
}

/** The same list of URLs, in the same order. */
function sameUrls(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((url, index) => url === b[index]);
}

/**
 * The vehicle's fields prefilled and its photos (reordered, removed, added). Only what changed is
 * sent, with If-Match: a 412 says someone else changed the vehicle and offers the latest version.
 */
function EditVehicleForm({ versioned, reloading, onReload }: EditVehicleFormProps) {
  const { vehicle, etag } = versioned;
  const navigate = useNavigate();
  const update = useUpdateVehicle();
  const photos = usePhotos(vehicle.immagini, vehicle.miniature);
  const { waiting, blocked, ready } = usePhotoGate(photos, PHOTO_PICKER_ID);
  const [nothingChanged, setNothingChanged] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<VehicleFormValues, unknown, VehiclePatch>({
    resolver: editVehicleResolver(vehicle),
    defaultValues: vehicleValuesOf(vehicle),
  });
  const { register, control, handleSubmit, formState, setError, reset } = form;
  const back = paths.vehicle.getHref(vehicle._id);

  // The fields changed survive a reload or a session that ended under the form; a draft made on
  // an older version of the vehicle says so. (New photos are not kept: they are uploaded again.)
  const [staleDraft, setStaleDraft] = useState(false);
  const draft = useFormDraft<EditVehicleDraft>(`veicolo.modifica.${vehicle._id}`, (restored) => {
    reset({ ...vehicleValuesOf(vehicle), ...restored.values });
    setStaleDraft(restored.baseVersion !== vehicle.version);
  });
  const { save: saveDraft } = draft;
  const remember = useEffectEvent((values: VehicleFormValues) => {
    const changed = changedVehicleFields(values, vehicle);
    saveDraft(Object.keys(changed).length === 0 ? null : { baseVersion: vehicle.version, values: changed });
  });
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ values }) => remember({ ...vehicleValuesOf(vehicle), ...values }),
      }),
    [form, vehicle],
  );
  const discardDraft = () => {
    draft.clear();
    setStaleDraft(false);
    reset(vehicleValuesOf(vehicle));
  };

  const onSubmit = handleSubmit(async (patch) => {
    setServerError(null);
    if (!(await ready())) return;
    const urls = photos.urls();
    const body: VehiclePatch = sameUrls(urls, vehicle.immagini) ? patch : { ...patch, immagini: urls };
    if (Object.keys(body).length === 0) {
      setNothingChanged(true);
      return;
    }
    setNothingChanged(false);
    draft.flush();
    try {
      await update.mutateAsync({ id: vehicle._id, patch: body, etag });
      draft.clear();
      await navigate(back);
    } catch (error) {
      setServerError(applyServerErrors(error, setError, VEHICLE_FORM_FIELDS));
    }
  });

  const conflict = update.error instanceof ApiError && update.error.status === 412;
  const busy = update.isPending || waiting;
  return (
    <Form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onFocus={preloadVehicleSchemas}
      aria-label={t.edit.title}
      className="vehicle-form"
    >
      <DraftNotice draft={draft} onDiscard={discardDraft} stale={staleDraft} subject="il veicolo" />
      <p className="text-body-secondary small">{t.edit.hint}</p>
      <VehicleFields
        idPrefix="modifica-veicolo"
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
        {conflict ? (
          <Alert variant="warning" role="alert">
            <p>{t.edit.conflict}</p>
            <Button variant="warning" onClick={onReload} disabled={reloading}>
              {t.edit.loadLatest}
            </Button>
          </Alert>
        ) : (
          serverError && (
            <Alert variant="danger" role="alert">
              {t.form.failed}: {serverError}
            </Alert>
          )
        )}
        {nothingChanged && <Alert variant="info">{t.edit.nothingChanged}</Alert>}
        <PhotoAlerts waiting={waiting} blocked={blocked} messages={t.photos} />
      </div>
      <div className="d-flex flex-wrap gap-2 mt-3">
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? t.edit.submitting : t.edit.submit}
        </Button>
        <Link className="btn btn-secondary" to={back}>
          {t.edit.back}
        </Link>
      </div>
    </Form>
  );
}
