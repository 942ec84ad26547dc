import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import type { VehicleSummary } from '@magazzino/contract';
import { parts as t } from '../../../i18n/parts';
import { paths } from '../../../lib/paths';
import { useDonorVehicle } from '../api/get-donor-vehicle';

/** 'AB123CD', 'Fiat Punto 2004': what a donor vehicle is, on one line. */
export function donorLine(
  vehicle: Pick<VehicleSummary, 'targa' | 'marca' | 'modello' | 'annoImmatricolazione'>,
) {
  return t.donor.line(vehicle.targa, `${vehicle.marca} ${vehicle.modello} ${vehicle.annoImmatricolazione}`);
}

interface LinkedVehicleProps {
  /** The linked vehicle's id ('' for none: nothing is shown). */
  id: string;
  /** The vehicle when already known (the part's own `veicolo`); otherwise it is asked for. */
  known?: VehicleSummary | null;
  onUnlink: () => void;
  /** The server's or the schema's message about the link. */
  error?: string | undefined;
}

/**
 * The donor vehicle of a part form: 'Veicolo di provenienza: AB123CD · Fiat Punto 2004' (the targa
 * a link to its page) with 'Scollega', which keeps the fields but drops the link.
 */
export function LinkedVehicle({ id, known, onUnlink, error }: LinkedVehicleProps) {
  const mine = known?._id === id ? known : undefined;
  const query = useDonorVehicle(mine ? '' : id);
  const vehicle = mine ?? query.data;
  if (id === '') return null;
  return (
    <div
      className="alert alert-secondary d-flex flex-wrap align-items-center gap-2 py-2 mb-3"
      role="group"
      aria-label={t.donor.label}
    >
      <p className="mb-0 flex-grow-1">
        <span className="fw-semibold">{t.donor.label}: </span>
        {vehicle ? (
          <Link
            to={paths.vehicle.getHref(vehicle._id)}
            aria-label={`${donorLine(vehicle)} (${t.donor.open(vehicle.targa)})`}
          >
            {donorLine(vehicle)}
          </Link>
        ) : query.isError ? (
          t.donor.notFound
        ) : (
          t.donor.loading
        )}
      </p>
      <Button
        variant="outline-secondary"
        size="sm"
        onClick={onUnlink}
        aria-label={vehicle ? t.donor.unlinkLabel(vehicle.targa) : t.donor.unlink}
      >
        {t.donor.unlink}
      </Button>
      {error && (
        <p className="text-danger-emphasis small mb-0 w-100" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
