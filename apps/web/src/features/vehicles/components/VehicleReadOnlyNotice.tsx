import { ReadOnlyNotice } from '../../../components/ReadOnlyNotice';
import { vehicles as t } from '../../../i18n/vehicles';
import { paths } from '../../../lib/paths';

/** The add and edit screens of a vehicle, to a role that cannot change the warehouse. */
export function VehicleReadOnlyNotice({ title }: { title: string }) {
  return (
    <ReadOnlyNotice
      title={title}
      heading={t.readOnly.title}
      text={t.readOnly.text}
      back={{ label: t.readOnly.back, href: paths.vehicles.getHref() }}
    />
  );
}
