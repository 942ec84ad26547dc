import type { Vehicle } from '@magazzino/contract';
import { vehicles as t } from '../../../i18n/vehicles';

/** The cover of a vehicle in a list (its thumbnail), or a grey box saying there is none. */
export function VehicleThumb({ vehicle }: { vehicle: Vehicle }) {
  const thumb = vehicle.miniature[0] ?? vehicle.immagini[0];
  if (!thumb)
    return <span className="vehicle-thumb-empty rounded text-body-secondary">{t.list.noPhoto}</span>;
  return (
    <img
      src={thumb}
      alt=""
      width={72}
      height={54}
      className="vehicle-thumb rounded"
      loading="lazy"
      decoding="async"
    />
  );
}
