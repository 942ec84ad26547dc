import { useId, useRef, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  missingColumnsMessage,
  PART_FIELD_SPECS,
  PART_FIELDS,
  type ImportMapping,
  type ImportSummary,
  type ImportTarget,
} from '@magazzino/contract';
import { SubmitButton } from '../../../components/SubmitButton';
import { messages } from '../../../i18n';
import { formatInteger } from '../../../lib/format';
import { FIELD_GROUPS, fieldLabel, isMappingComplete, type MappingProblems } from './mapping';
import { StepHeading } from './StepHeading';

const t = messages.imports;

interface MappingStepProps {
  summary: ImportSummary;
  /** A few values of each column, by column; null when they are not known (an Excel sheet). */
  samples: Record<string, readonly string[]>;
  mapping: ImportMapping;
  problems: MappingProblems;
  onChange: (colonna: string, field: ImportTarget | null) => void;
  /** Asks for the preview (only called with a complete mapping). */
  onSubmit: () => void;
  onOtherFile: () => void;
  pending: boolean;
  /** The server's refusal of the mapping or the preview. */
  serverError: string | null;
  focusTitle: boolean;
}

/**
 * Step 2: every column of the file with a few of its values and a select of our fields (or
 * 'Ignora'). The required fields no column gives, and fields chosen twice, are listed as errors
 * while the clerk maps; the preview is asked for only once there are none. On a phone the table
 * becomes a list of columns, one below the other.
 */
export function MappingStep(props: MappingStepProps) {
  const { summary, samples, mapping, problems, onChange, pending, serverError } = props;
  const id = useId();
  const errorsBox = useRef<HTMLDivElement>(null);
  const complete = isMappingComplete(problems);
  const errorId = `${id}-errors`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (complete) props.onSubmit();
    else errorsBox.current?.focus();
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <StepHeading id={`${id}-title`} focus={props.focusTitle}>
        {t.mapping.title}
      </StepHeading>
      <p>{t.mapping.lead(summary.nomeFile, t.mapping.rows(summary.righe, formatInteger(summary.righe)))}</p>
      <Form noValidate onSubmit={submit}>
        <div className="import-table-wrap">
          <table className="table align-middle import-stack import-mapping">
            <caption className="visually-hidden">{t.mapping.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.mapping.column}</th>
                <th scope="col">{t.mapping.samples}</th>
                <th scope="col">{t.mapping.field}</th>
              </tr>
            </thead>
            <tbody>
              {summary.colonne.map((colonna, index) => {
                const selectId = `${id}-field-${index}`;
                const values = samples[colonna] ?? [];
                const chosen = mapping[colonna] ?? null;
                const wrong = chosen !== null && problems.duplicates.some((d) => d.field === chosen);
                return (
                  <tr key={colonna}>
                    <th scope="row" className="import-column-name">
                      {colonna}
                    </th>
                    <td data-label={t.mapping.samples} className="import-samples">
                      {values.length > 0 ? (
                        <ul className="list-unstyled mb-0">
                          {values.map((value, i) => (
                            <li key={i} className="text-truncate">
                              {value}
                            </li>
                          ))}
                        </ul>
                      ) : (
                        <span className="text-body-secondary">{t.mapping.noSamples}</span>
                      )}
                    </td>
                    <td data-label={t.mapping.field}>
                      <Form.Label htmlFor={selectId} visuallyHidden>
                        {t.mapping.fieldFor(colonna)}
                      </Form.Label>
                      <Form.Select
                        id={selectId}
                        value={chosen ?? ''}
                        isInvalid={wrong}
                        aria-invalid={wrong || undefined}
                        aria-describedby={wrong ? errorId : undefined}
                        onChange={(event) => {
                          const value = event.target.value;
                          onChange(colonna, value === '' ? null : (value as ImportTarget));
                        }}
                      >
                        <option value="">{t.mapping.ignore}</option>
                        {FIELD_GROUPS.map((group) => (
                          <optgroup key={group} label={messages.parts.form.groups[group]}>
                            {PART_FIELDS.filter((field) => PART_FIELD_SPECS[field].group === group).map(
                              (field) => (
                                <option key={field} value={field}>
                                  {PART_FIELD_SPECS[field].required
                                    ? `${fieldLabel(field)} ${t.mapping.required}`
                                    : fieldLabel(field)}
                                </option>
                              ),
                            )}
                          </optgroup>
                        ))}
                      </Form.Select>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <div aria-live="polite">
          {!complete && (
            <div id={errorId} ref={errorsBox} tabIndex={-1} className="alert alert-danger">
              <ul className="mb-0 ps-3">
                {problems.missing.length > 0 && <li>{missingColumnsMessage(problems.missing)}</li>}
                {problems.duplicates.map(({ field, colonne }) => (
                  <li key={field}>{t.mapping.duplicate(fieldLabel(field), colonne.join(', '))}</li>
                ))}
              </ul>
            </div>
          )}
          {serverError !== null && (
            <div role="alert" className="alert alert-danger">
              {t.preview.failed}: {serverError}
            </div>
          )}
        </div>
        <div className="d-flex flex-wrap gap-2">
          <SubmitButton pending={pending} pendingLabel={t.mapping.submitting}>
            {t.mapping.submit}
          </SubmitButton>
          <Button variant="outline-secondary" onClick={props.onOtherFile}>
            {t.mapping.other}
          </Button>
        </div>
      </Form>
    </section>
  );
}
