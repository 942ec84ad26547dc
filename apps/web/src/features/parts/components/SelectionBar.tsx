import Button from 'react-bootstrap/Button';
import { IDS_FILTER_MAX, type Part } from '@magazzino/contract';
import { labels as t } from '../../../i18n/labels';
import { PrintLabelsLink } from './PrintLabelsLink';
import { SelectCheckbox } from './SelectCheckbox';
import type { PartSelection } from './use-part-selection';

interface SelectionBarProps {
  /** The rows of the page shown. */
  parts: readonly Part[];
  selection: PartSelection;
}

/**
 * Above the rows: 'Seleziona tutti' for the page shown (mixed when part of it is chosen) and, with
 * rows chosen (on this page or others), how many, 'Stampa etichette (n)' and 'Annulla selezione'.
 */
export function SelectionBar({ parts, selection }: SelectionBarProps) {
  const onPage = parts.map((part) => part._id);
  const chosenOnPage = onPage.filter((id) => selection.has(id)).length;
  const allOnPage = onPage.length > 0 && chosenOnPage === onPage.length;
  const count = selection.ids.length;
  const tooMany = count > IDS_FILTER_MAX;
  return (
    <div className="parts-selection-bar d-print-none">
      <label className="parts-selection-all">
        <SelectCheckbox
          checked={allOnPage}
          indeterminate={chosenOnPage > 0 && !allOnPage}
          onChange={(checked) => selection.set(onPage, checked)}
        />
        <span>
          {t.select.pageShort}
          <span className="visually-hidden"> {t.select.pageRest}</span>
        </span>
      </label>
      <span aria-live="polite" className={count === 0 ? 'visually-hidden' : 'text-body-secondary'}>
        {count > 0 && t.select.selected(count)}
      </span>
      {count > 0 && (
        <>
          {tooMany ? (
            <span className="text-danger-emphasis">{t.select.tooMany(IDS_FILTER_MAX)}</span>
          ) : (
            <PrintLabelsLink className="btn btn-primary" target={{ tipo: 'componenti', ids: selection.ids }}>
              {t.open.selected(count)}
            </PrintLabelsLink>
          )}
          <Button variant="soft-secondary" onClick={selection.clear}>
            {t.select.clear}
          </Button>
        </>
      )}
    </div>
  );
}
