import { parts as t } from '../../../i18n/parts';

interface PartCodeProps {
  /** The part's own code ('R-004213', `codiceRicambio`). */
  code: string;
  /** In a line of a phone card instead of on its own line under the OEM code. */
  inline?: boolean;
}

/**
 * The part's own code, as its label prints it: what a clerk reads off a shelf and types (or scans)
 * into 'Cerca ovunque'. Screen readers hear 'Codice ricambio R-004213'.
 */
export function PartCode({ code, inline = false }: PartCodeProps) {
  return (
    <span className={inline ? 'part-code' : 'part-code d-block'}>
      <span className="visually-hidden">{t.table.partCodeLabel} </span>
      {code}
    </span>
  );
}
