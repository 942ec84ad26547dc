import { parts as t } from '../../../i18n/parts';

/**
 * An optional field left empty: '—' on the screen, 'non indicato' for screen readers (which
 * would read the dash as nothing, or as 'trattino').
 */
export function EmptyValue() {
  return (
    <span className="parts-empty">
      <span aria-hidden="true">{t.part.empty}</span>
      <span className="visually-hidden">{t.part.emptyLabel}</span>
    </span>
  );
}
