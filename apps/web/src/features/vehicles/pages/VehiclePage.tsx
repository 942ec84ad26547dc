import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { PageSpinner } from '../../../components/PageSpinner';
import { vehicles as t } from '../../../i18n/vehicles';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/session/use-can';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDeleteVehicle } from '../api/delete-vehicle';
import { useVehicle } from '../api/get-vehicle';
import { addPartFromVehicleHref, vehicleName } from '../components/format';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { Block, VehicleDetails } from '../components/VehicleDetails';
import { VehicleGallery } from '../components/VehicleGallery';
import { VehicleParts } from '../components/VehicleParts';
import '../components/vehicles.css';

/**
 * A donor vehicle's page (the id from the URL): its photos (the viewer on a click), every field,
 * the parts taken from it, and — for roles that write — 'Aggiungi componente da questo veicolo',
 * 'Modifica' and 'Elimina' (asked first; refused with the server's reason while it has parts).
 */
export default function VehiclePage() {
  const { id = '' } = useParams();
  const query = useVehicle(id);
  const vehicle = query.data?.vehicle;
  useDocumentTitle(vehicle ? `${t.page.title} ${vehicle.targa}` : t.page.title);
  const canWrite = useCan('parts:write');
  const navigate = useNavigate();
  const remove = useDeleteVehicle();
  const [confirming, setConfirming] = useState(false);

  const confirmRemove = () => {
    remove.mutate(id, {
      onSuccess: () => void navigate(paths.vehicles.getHref()),
      onSettled: () => setConfirming(false),
    });
  };

  return (
    <section className="container">
      <PageHeader
        before={
          <Link className="page-back d-print-none" to={paths.vehicles.getHref()}>
            <span aria-hidden="true">← </span>
            {t.page.back}
          </Link>
        }
        title={vehicle ? <span className="vehicle-plate">{vehicle.targa}</span> : t.page.title}
        lead={vehicle ? `${vehicleName(vehicle)} · ${vehicle.annoImmatricolazione}` : undefined}
        actions={
          vehicle &&
          canWrite && (
            <>
              <Link className="btn btn-primary" to={addPartFromVehicleHref(vehicle._id)}>
                {t.page.addPart}
              </Link>
              <Link className="btn btn-soft-secondary" to={paths.editVehicle.getHref(vehicle._id)}>
                {t.page.edit}
              </Link>
              <Button
                variant="soft-danger"
                onClick={() => {
                  remove.reset();
                  setConfirming(true);
                }}
              >
                {t.page.remove}
              </Button>
            </>
          )
        }
      />
      {query.isPending && <PageSpinner />}
      {query.isError && (
        <ErrorMessage title={t.page.loadError} error={query.error} onRetry={() => void query.refetch()} />
      )}
      <div aria-live="polite">
        {remove.isError && (
          <Alert variant="danger" role="alert">
            <p className="fw-bold mb-1">{t.remove.failed}</p>
            <p className="mb-0">{remove.error.message}</p>
          </Alert>
        )}
      </div>
      {vehicle && (
        <div className="row g-3">
          <div className="col-12 col-md-5 col-lg-4">
            <Block id="vehicle-photos" title={t.page.photos}>
              <VehicleGallery vehicle={vehicle} />
            </Block>
          </div>
          <div className="col-12 col-md-7 col-lg-8">
            <VehicleDetails vehicle={vehicle} />
            <Block id="vehicle-parts" title={t.page.parts}>
              <VehicleParts vehicle={vehicle} />
            </Block>
          </div>
        </div>
      )}
      <ConfirmDialog
        show={confirming}
        title={t.remove.title}
        text={vehicle ? t.remove.text(vehicle.targa) : ''}
        confirmLabel={t.remove.confirm}
        pendingLabel={t.remove.deleting}
        pending={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
