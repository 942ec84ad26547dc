import Button from 'react-bootstrap/Button';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { FITMENT_MAX, LIMITS } from '@magazzino/contract';
import { FormField } from '../../../components/FormField';
import { parts as t } from '../../../i18n/parts';
import { EMPTY_FITMENT_ROW, FITMENT_FIELDS, type FitmentRow, type PartFormValues } from './part-form-values';

/** How each box of a row is laid out and entered. */
const ROW_LAYOUT = {
  marca: { className: 'col-12 col-sm-6 col-lg', required: true, maxLength: LIMITS.shortTextMax },
  modello: { className: 'col-12 col-sm-6 col-lg', required: false, maxLength: LIMITS.shortTextMax },
  versione: { className: 'col-12 col-sm-4 col-lg', required: false, maxLength: LIMITS.shortTextMax },
  annoDa: { className: 'col-6 col-sm-4 col-lg-auto part-fitment-year', required: false, maxLength: 4 },
  annoA: { className: 'col-6 col-sm-4 col-lg-auto part-fitment-year', required: false, maxLength: 4 },
} as const satisfies Record<keyof FitmentRow, { className: string; required: boolean; maxLength: number }>;

const YEARS: ReadonlySet<keyof FitmentRow> = new Set(['annoDa', 'annoA']);

interface FitmentEditorProps<T> {
  register: UseFormRegister<PartFormValues>;
  control: Control<PartFormValues, unknown, T>;
  errors: FieldErrors<PartFormValues>;
  /** Prefix of the input ids, unique per form. */
  idPrefix: string;
}

/**
 * 'Compatibile anche con': the other vehicles a part fits, one row each (marca, modello, versione,
 * anno da, anno a), added and removed at will (up to 30); each box shows its own error.
 */
export function FitmentEditor<T>({ register, control, errors, idPrefix }: FitmentEditorProps<T>) {
  const { fields, append, remove } = useFieldArray({ control, name: 'compatibilita' });
  const listError = errors.compatibilita?.root?.message ?? errors.compatibilita?.message;
  const full = fields.length >= FITMENT_MAX;
  return (
    <fieldset className="part-fieldset part-fieldset-compatibilita">
      <legend className="part-legend">{t.fitment.title}</legend>
      <p className="small text-body-secondary mb-2" id={`${idPrefix}-compatibilita-hint`}>
        {fields.length === 0 ? t.fitment.empty : t.fitment.hint}
      </p>
      {fields.length > 0 && (
        <ol className="list-unstyled mb-2 part-fitment-rows">
          {fields.map((row, index) => {
            const n = index + 1;
            const rowErrors = errors.compatibilita?.[index];
            return (
              <li key={row.id} className="part-fitment-row">
                <div className="row g-2 align-items-start" role="group" aria-label={t.fitment.row(n)}>
                  {FITMENT_FIELDS.map((key) => {
                    const layout = ROW_LAYOUT[key];
                    const message = rowErrors?.[key]?.message;
                    return (
                      <FormField
                        key={key}
                        {...register(`compatibilita.${index}.${key}`)}
                        id={`${idPrefix}-compatibilita-${index}-${key}`}
                        className={layout.className}
                        labelClassName="small mb-1"
                        label={t.fitment.fields[key]}
                        required={layout.required}
                        maxLength={layout.maxLength}
                        inputMode={YEARS.has(key) ? 'numeric' : undefined}
                        error={typeof message === 'string' && message !== '' ? message : undefined}
                        autoComplete="off"
                      />
                    );
                  })}
                  <div className="col-12 col-lg-auto align-self-lg-end">
                    <Button variant="outline-danger" className="w-100" onClick={() => remove(index)}>
                      <span aria-hidden="true">✕</span>
                      <span className="visually-hidden">{t.fitment.remove(n)}</span>
                    </Button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {listError && (
        <p className="text-danger-emphasis small" role="alert">
          {listError}
        </p>
      )}
      <Button variant="soft-secondary" onClick={() => append({ ...EMPTY_FITMENT_ROW })} disabled={full}>
        {t.fitment.add}
      </Button>
      {full && <p className="small text-body-secondary mt-2 mb-0">{t.fitment.full(FITMENT_MAX)}</p>}
    </fieldset>
  );
}
