import type { ReactNode } from 'react';
import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { FUEL_LABELS, FUELS, LIMITS, VEHICLE_LIMITS } from '@magazzino/contract';
import { FormField, type FieldControl } from '../../../components/FormField';
import { vehicles as t } from '../../../i18n/vehicles';
import { vinStatus, type VehicleFormField, type VehicleFormValues } from './vehicle-form';
import './vehicles.css';

interface FieldLayout {
  group: 'veicolo' | 'dettagli';
  half?: boolean;
  required?: boolean;
  control?: FieldControl;
  maxLength?: number;
  inputMode?: 'numeric' | 'text';
  hint?: string;
  autoCapitalize?: string;
}

/** Where each field sits, how it is entered, and whether it is required (the contract's rules). */
const LAYOUT = {
  targa: {
    group: 'veicolo',
    half: true,
    required: true,
    maxLength: VEHICLE_LIMITS.targaMax,
    hint: t.form.hints.targa,
    autoCapitalize: 'characters',
  },
  telaio: { group: 'veicolo', half: true, autoCapitalize: 'characters' },
  marca: { group: 'veicolo', half: true, required: true, maxLength: LIMITS.shortTextMax },
  modello: { group: 'veicolo', half: true, required: true, maxLength: LIMITS.shortTextMax },
  versione: { group: 'veicolo', half: true, maxLength: LIMITS.shortTextMax },
  annoImmatricolazione: { group: 'veicolo', half: true, required: true, maxLength: 4, inputMode: 'numeric' },
  dataIngresso: {
    group: 'veicolo',
    half: true,
    required: true,
    control: 'date',
    hint: t.form.hints.dataIngresso,
  },
  km: { group: 'dettagli', half: true, inputMode: 'numeric', hint: t.form.hints.km },
  alimentazione: { group: 'dettagli', half: true, control: 'select' },
  codiceMotore: {
    group: 'dettagli',
    half: true,
    maxLength: VEHICLE_LIMITS.codiceMotoreMax,
    autoCapitalize: 'characters',
  },
  colore: { group: 'dettagli', half: true, maxLength: VEHICLE_LIMITS.coloreMax },
  note: { group: 'dettagli', control: 'textarea', maxLength: VEHICLE_LIMITS.noteMax },
} as const satisfies Record<VehicleFormField, FieldLayout>;

const FIELDS = Object.keys(LAYOUT) as VehicleFormField[];
const GROUPS = ['veicolo', 'dettagli'] as const;

const FUEL_OPTIONS = [
  { value: '', label: t.form.fuelNone },
  ...FUELS.map((fuel) => ({ value: fuel, label: FUEL_LABELS[fuel] })),
];

interface VehicleFieldsProps<T> {
  register: UseFormRegister<VehicleFormValues>;
  control: Control<VehicleFormValues, unknown, T>;
  errors: FieldErrors<VehicleFormValues>;
  /** Prefix of the input ids, unique per form. */
  idPrefix: string;
  /** The photos' group, after the fields. */
  children?: ReactNode;
}

/**
 * The vehicle's fields in two groups ('Veicolo': what identifies it; 'Dettagli'), then the
 * photos. The telaio is checked as it is typed (letters a VIN never has, its length, the check
 * digit of a North-American VIN), with the same rules the server applies.
 */
export function VehicleFields<T>({ register, control, errors, idPrefix, children }: VehicleFieldsProps<T>) {
  const telaio = useWatch({ control, name: 'telaio' });
  const vin = vinStatus(telaio);

  const field = (name: VehicleFormField) => {
    const layout: FieldLayout = LAYOUT[name];
    const submitted = errors[name]?.message;
    const live = name === 'telaio' && vin?.kind === 'error' ? vin.message : undefined;
    const hint = name === 'telaio' && vin?.kind === 'hint' ? vin.message : layout.hint;
    return (
      <FormField
        key={name}
        {...register(name)}
        id={`${idPrefix}-${name}`}
        className={layout.half ? 'col-12 col-sm-6' : 'col-12'}
        label={t.fields[name]}
        control={layout.control ?? 'text'}
        options={name === 'alimentazione' ? FUEL_OPTIONS : undefined}
        required={layout.required ?? false}
        maxLength={layout.maxLength}
        inputMode={layout.inputMode}
        hint={hint}
        error={typeof submitted === 'string' && submitted !== '' ? submitted : live}
        autoComplete="off"
        autoCapitalize={layout.autoCapitalize}
      />
    );
  };

  return (
    <div className="vehicle-form-grid">
      {GROUPS.map((group) => (
        <fieldset key={group} className="vehicle-fieldset">
          <legend className="vehicle-legend">{t.form.groups[group]}</legend>
          <div className="row g-3">{FIELDS.filter((name) => LAYOUT[name].group === group).map(field)}</div>
        </fieldset>
      ))}
      {children}
    </div>
  );
}
