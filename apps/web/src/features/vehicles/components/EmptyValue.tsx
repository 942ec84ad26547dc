import { vehicles as t } from '../../../i18n/vehicles';

/** An optional field left empty: '—' on the screen, 'non indicato' for screen readers. */
export function EmptyValue() {
  return (
    <span>
      <span aria-hidden="true">{t.empty}</span>
      <span className="visually-hidden">{t.emptyLabel}</span>
    </span>
  );
}
