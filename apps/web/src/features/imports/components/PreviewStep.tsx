import { useId, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { SubmitButton } from '../../../components/SubmitButton';
import { imports as t } from '../../../i18n/imports';
import { formatInteger } from '../../../lib/format';
import type { ImportMapping, ImportMode, ImportPreview, ImportPreviewRow } from '@magazzino/contract';
import { fieldLabel, mappedColumns } from './mapping';
import { StepHeading } from './StepHeading';

interface PreviewStepProps {
  colonne: readonly string[];
  mapping: ImportMapping;
  preview: ImportPreview;
  onRun: (modalita: ImportMode) => void;
  onBack: () => void;
  pending: boolean;
  /** Why the import did not start. */
  serverError: string | null;
  focusTitle: boolean;
}

/** The errors of one row that concern a column (by its header, or by the field it fills). */
function errorsOf(row: ImportPreviewRow, colonna: string, field: string) {
  return row.errori.filter(
    (error) => error.colonna === colonna || (error.colonna === '' && error.campo === field),
  );
}

/**
 * Step 3: the first rows of the file as they would be imported, every cell with an error marked
 * (coloured, and said to screen readers), each row's errors in words naming the column; the
 * counts over the whole file and the most frequent errors; then create or update, and
 * 'Importa N righe valide'.
 */
export function PreviewStep(props: PreviewStepProps) {
  const { colonne, mapping, preview, pending, serverError } = props;
  const id = useId();
  const [modalita, setModalita] = useState<ImportMode>('crea');
  const columns = mappedColumns(colonne, mapping);
  const codeMapped = columns.some((column) => column.field === 'codice');
  const runnable = preview.valide > 0 && (modalita === 'crea' || codeMapped);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (runnable) props.onRun(modalita);
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <StepHeading id={`${id}-title`} focus={props.focusTitle}>
        {t.preview.title}
      </StepHeading>
      <p className="import-counts" aria-live="polite">
        <span className="badge text-bg-success me-2">
          {t.preview.validRows(preview.valide, formatInteger(preview.valide))}
        </span>
        <span className={`badge ${preview.conErrori > 0 ? 'text-bg-danger' : 'text-bg-secondary'}`}>
          {t.preview.errorRows(preview.conErrori, formatInteger(preview.conErrori))}
        </span>
      </p>
      {preview.erroriFrequenti.length > 0 && (
        <div className="mb-3">
          <h3 className="h6">{t.preview.frequent}</h3>
          <ul className="mb-0">
            {preview.erroriFrequenti.map((error) => (
              <li key={error.messaggio}>
                {error.messaggio}{' '}
                <span className="text-body-secondary">
                  ({t.preview.frequentRows(error.righe, formatInteger(error.righe))})
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {/* Wider than the screen with many columns: a region the keyboard can scroll. */}
      <div className="import-table-wrap mb-3" role="region" tabIndex={0} aria-labelledby={`${id}-caption`}>
        <table className="table table-sm align-middle import-stack import-preview">
          <caption id={`${id}-caption`}>{t.preview.caption(preview.righe.length)}</caption>
          <thead>
            <tr>
              <th scope="col">{t.preview.riga}</th>
              <th scope="col">{t.preview.errors}</th>
              {columns.map(({ colonna, field }) => (
                <th key={colonna} scope="col">
                  {fieldLabel(field)}
                  {colonna !== fieldLabel(field) && (
                    <span className="d-block small fw-normal text-body-secondary">{colonna}</span>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.righe.map((row) => {
              const errorsId = `${id}-row-${row.riga}`;
              return (
                <tr key={row.riga} className={row.errori.length > 0 ? 'import-row-error' : undefined}>
                  <th scope="row" className="import-row-number">
                    <span className="import-stack-label">{t.preview.riga} </span>
                    {formatInteger(row.riga)}
                  </th>
                  <td data-label={t.preview.errors} id={errorsId} className="import-row-errors">
                    {row.errori.length === 0 ? (
                      <span className="text-body-secondary">{t.preview.noErrors}</span>
                    ) : (
                      <ul className="list-unstyled mb-0 text-danger-emphasis">
                        {row.errori.map((error, index) => (
                          <li key={index}>
                            {error.colonna === ''
                              ? error.messaggio
                              : t.preview.error(error.colonna, error.messaggio)}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  {columns.map(({ colonna, field }) => {
                    const wrong = errorsOf(row, colonna, field).length > 0;
                    const value = row.valori[field] ?? '';
                    return (
                      <td
                        key={colonna}
                        data-label={fieldLabel(field)}
                        className={wrong ? 'import-cell-error' : undefined}
                        aria-describedby={wrong ? errorsId : undefined}
                      >
                        {/* One element: on a phone the cell is a grid of its name and this. */}
                        <span>
                          {wrong && (
                            <>
                              <span className="import-cell-error-mark" aria-hidden="true">
                                !
                              </span>
                              <span className="visually-hidden">{t.preview.cellError}: </span>
                            </>
                          )}
                          {value === '' ? (
                            <span className="text-body-secondary">{t.preview.empty}</span>
                          ) : (
                            value
                          )}
                        </span>
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Form noValidate onSubmit={submit}>
        <fieldset className="mb-3">
          <legend className="h6">{t.preview.mode}</legend>
          <Form.Check
            type="radio"
            id={`${id}-crea`}
            name="modalita"
            label={t.preview.create}
            checked={modalita === 'crea'}
            onChange={() => setModalita('crea')}
            aria-describedby={`${id}-crea-help`}
          />
          <Form.Text id={`${id}-crea-help`} className="d-block ms-4 mb-2">
            {t.preview.createHelp}
          </Form.Text>
          <Form.Check
            type="radio"
            id={`${id}-aggiorna`}
            name="modalita"
            label={t.preview.update}
            checked={modalita === 'aggiorna'}
            onChange={() => setModalita('aggiorna')}
            aria-describedby={`${id}-aggiorna-help`}
          />
          <Form.Text id={`${id}-aggiorna-help`} className="d-block ms-4">
            {t.preview.updateHelp}
          </Form.Text>
        </fieldset>
        <div aria-live="polite">
          {modalita === 'aggiorna' && !codeMapped && (
            <div className="alert alert-warning">{t.preview.updateNeedsCode}</div>
          )}
          {preview.valide === 0 && <div className="alert alert-warning">{t.preview.nothingValid}</div>}
          {serverError !== null && (
            <div role="alert" className="alert alert-danger">
              {t.preview.runFailed}: {serverError}
            </div>
          )}
        </div>
        <div className="d-flex flex-wrap gap-2">
          {runnable ? (
            <SubmitButton pending={pending} pendingLabel={t.preview.running}>
              {t.preview.run(preview.valide, formatInteger(preview.valide))}
            </SubmitButton>
          ) : (
            <Button type="submit" variant="primary" disabled>
              {t.preview.run(preview.valide, formatInteger(preview.valide))}
            </Button>
          )}
          <Button variant="outline-secondary" onClick={props.onBack} disabled={pending}>
            {t.preview.back}
          </Button>
        </div>
      </Form>
    </section>
  );
}
