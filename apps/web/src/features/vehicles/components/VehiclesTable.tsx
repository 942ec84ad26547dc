import { Link } from 'react-router';
import type { Vehicle } from '@magazzino/contract';
import { EmptyValue } from './EmptyValue';
import { vehicles as t } from '../../../i18n/vehicles';
import { formatInteger } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useMediaQuery } from '../../../lib/use-media-query';
import { formatDay, vehicleName } from './format';
import { VehicleThumb } from './VehicleThumb';
import './vehicles.css';

/** Below Bootstrap's md breakpoint a table cannot fit: each vehicle becomes a card. */
const PHONE = '(max-width: 767.98px)';

const c = t.list.columns;

/** The vehicles on a tablet or desktop: one row each, the targa a link to its page. */
function Table({ vehicles }: { vehicles: Vehicle[] }) {
  return (
    <div className="table-responsive">
      <table className="table table-hover align-middle">
        <caption className="visually-hidden">{t.list.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{c.foto}</th>
            <th scope="col">{c.targa}</th>
            <th scope="col">{c.veicolo}</th>
            <th scope="col">{c.anno}</th>
            <th scope="col">{c.telaio}</th>
            <th scope="col">{c.dataIngresso}</th>
            <th scope="col" className="text-end">
              {c.componenti}
            </th>
          </tr>
        </thead>
        <tbody>
          {vehicles.map((vehicle) => (
            <tr key={vehicle._id}>
              <td>
                <VehicleThumb vehicle={vehicle} />
              </td>
              <th scope="row">
                <Link to={paths.vehicle.getHref(vehicle._id)} className="vehicle-plate">
                  {vehicle.targa}
                </Link>
              </th>
              <td>{vehicleName(vehicle)}</td>
              <td>{vehicle.annoImmatricolazione}</td>
              <td className="text-break">{vehicle.telaio ?? <EmptyValue />}</td>
              <td>{formatDay(vehicle.dataIngresso)}</td>
              <td className="text-end">{formatInteger(vehicle.componenti)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The vehicles on a phone: a compact card each (cover, targa as a link, what it is, its parts). */
function Cards({ vehicles }: { vehicles: Vehicle[] }) {
  return (
    <ul className="list-unstyled mb-3" aria-label={t.list.caption}>
      {vehicles.map((vehicle) => (
        <li key={vehicle._id} className="card vehicle-card">
          <div className="vehicle-card-main">
            <VehicleThumb vehicle={vehicle} />
            <div className="vehicle-card-text">
              <h2 className="vehicle-card-title">
                <Link to={paths.vehicle.getHref(vehicle._id)} className="vehicle-plate">
                  {vehicle.targa}
                </Link>
              </h2>
              <p className="vehicle-card-line">
                {vehicleName(vehicle)} · {vehicle.annoImmatricolazione}
              </p>
              <p className="vehicle-card-line text-body-secondary">
                {formatDay(vehicle.dataIngresso)} ·{' '}
                {t.list.parts(vehicle.componenti, formatInteger(vehicle.componenti))}
              </p>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The vehicles of a page: a table on a tablet or desktop, cards on a phone. */
export function VehiclesTable({ vehicles }: { vehicles: Vehicle[] }) {
  const phone = useMediaQuery(PHONE);
  return phone ? <Cards vehicles={vehicles} /> : <Table vehicles={vehicles} />;
}
