import type { ReactNode } from 'react';
import type { Vehicle } from '@magazzino/contract';
import { vehicles as t } from '../../../i18n/vehicles';
import { formatDateTime, formatInteger } from '../../../lib/format';
import { EmptyValue } from './EmptyValue';
import { formatDay, fuelLabel } from './format';

/** Each field as the page shows it (null: left empty, '—'). */
function shown(vehicle: Vehicle): [keyof typeof t.fields, string | null][] {
  return [
    ['targa', vehicle.targa],
    ['telaio', vehicle.telaio],
    ['marca', vehicle.marca],
    ['modello', vehicle.modello],
    ['versione', vehicle.versione],
    ['annoImmatricolazione', vehicle.annoImmatricolazione],
    ['dataIngresso', formatDay(vehicle.dataIngresso)],
    ['km', vehicle.km === null ? null : t.page.kmValue(formatInteger(vehicle.km))],
    ['alimentazione', fuelLabel(vehicle)],
    ['codiceMotore', vehicle.codiceMotore],
    ['colore', vehicle.colore],
    ['note', vehicle.note],
  ];
}

/** A titled block of the vehicle's page. */
export function Block({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card mb-3" aria-labelledby={id}>
      <div className="card-body">
        <h2 id={id} className="h5 card-title mb-3">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** Every field of a vehicle, read-only, and when it was registered and changed. */
export function VehicleDetails({ vehicle }: { vehicle: Vehicle }) {
  return (
    <>
      <Block id="vehicle-details" title={t.page.details}>
        <dl className="row mb-0">
          {shown(vehicle).map(([field, value]) => (
            <div key={field} className={field === 'note' ? 'col-12' : 'col-12 col-sm-6'}>
              <dt className="small text-body-secondary fw-normal">{t.fields[field]}</dt>
              <dd className={field === 'note' ? 'vehicle-note' : field === 'telaio' ? 'text-break' : ''}>
                {value === null || value === '' ? <EmptyValue /> : value}
              </dd>
            </div>
          ))}
        </dl>
      </Block>
      <Block id="vehicle-registration" title={t.page.registration}>
        <p className="mb-1">
          <time dateTime={vehicle.createdAt}>{t.page.added(formatDateTime(vehicle.createdAt))}</time>
        </p>
        <p className="mb-0">
          <time dateTime={vehicle.updatedAt}>{t.page.changed(formatDateTime(vehicle.updatedAt))}</time>
        </p>
      </Block>
    </>
  );
}
