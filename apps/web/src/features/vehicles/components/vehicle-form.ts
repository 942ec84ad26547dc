import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  normaliseVin,
  parseKm,
  vinCheckDigit,
  vinProblem,
  VEHICLE_LIMITS,
  type Vehicle,
  type VehicleInput,
  type VehiclePatch,
} from '@magazzino/contract';
import type { ZodType } from 'zod';
import type * as VehicleSchemasModule from './vehicle-schemas';
import { vehicles as t } from '../../../i18n/vehicles';
import { formatInteger } from '../../../lib/format';
import { loadOnce } from '../../../lib/load-once';

/** The vehicle's fields the forms hold, in their order ('immagini' is the photo list's). */
export const VEHICLE_FORM_FIELDS = [
  'targa',
  'telaio',
  'marca',
  'modello',
  'versione',
  'annoImmatricolazione',
  'dataIngresso',
  'km',
  'alimentazione',
  'codiceMotore',
  'colore',
  'note',
] as const;
export type VehicleFormField = (typeof VEHICLE_FORM_FIELDS)[number];

/** What the vehicle forms hold: every field as typed. */
export type VehicleFormValues = Record<VehicleFormField, string>;

/** Today in the clerk's own calendar (YYYY-MM-DD): the default day a vehicle came in. */
export function today(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** An empty add form, the day of entry set to today. */
export function emptyVehicleValues(): VehicleFormValues {
  const values = Object.fromEntries(VEHICLE_FORM_FIELDS.map((name) => [name, ''])) as VehicleFormValues;
  return { ...values, dataIngresso: today() };
}

/** The text a field shows for a stored value ('' when empty; km the Italian way: '187.000'). */
function storedText(vehicle: Vehicle, name: VehicleFormField): string {
  const value = vehicle[name];
  if (value === null) return '';
  if (typeof value === 'number') return formatInteger(value);
  return value;
}

/** The edit form's starting values: the stored vehicle. */
export function vehicleValuesOf(vehicle: Vehicle): VehicleFormValues {
  return Object.fromEntries(
    VEHICLE_FORM_FIELDS.map((name) => [name, storedText(vehicle, name)]),
  ) as VehicleFormValues;
}

/** Whether a field still holds the stored value (km written another way included). */
function unchanged(vehicle: Vehicle, name: VehicleFormField, typed: string): boolean {
  const text = typed.trim();
  const stored = vehicle[name];
  if (text === '') return stored === null;
  if (name === 'km') return parseKm(text) === stored;
  if (name === 'targa') return text.replace(/\s+/gu, '').toUpperCase() === stored;
  if (name === 'telaio') return normaliseVin(text) === stored;
  return text === stored;
}

/** The fields changed from the stored vehicle, as typed: only those are sent. */
export function changedVehicleFields(
  values: VehicleFormValues,
  vehicle: Vehicle,
): Partial<VehicleFormValues> {
  const changed: Partial<VehicleFormValues> = {};
  for (const name of VEHICLE_FORM_FIELDS) {
    if (!unchanged(vehicle, name, values[name])) changed[name] = values[name];
  }
  return changed;
}

type VehicleSchemas = typeof VehicleSchemasModule;
/**
 * The contract's vehicle schemas, and zod with them (23 KB brotli), loaded once, on first use: the
 * add and edit screens show without waiting for them.
 */
const vehicleSchemas = loadOnce<VehicleSchemas>(() => import('./vehicle-schemas'));

/** Starts loading the schemas (the forms call it when the clerk first focuses a field). */
export const preloadVehicleSchemas = vehicleSchemas.preload;

/**
 * A resolver checking what `select` takes of the form's values with a contract schema. Should the
 * schema fail to load (the connection dropped), the values go as typed and the server's answer
 * marks the fields, with the same rules and messages.
 */
function contractResolver<T>(
  pick: (schemas: VehicleSchemas) => ZodType<T>,
  select: (values: VehicleFormValues) => unknown,
): Resolver<VehicleFormValues, unknown, T> {
  return async (values) => {
    const selected = select(values);
    let schemas: VehicleSchemas;
    try {
      schemas = await vehicleSchemas.get();
    } catch {
      return { values: selected as T, errors: {} };
    }
    const result = pick(schemas).safeParse(selected);
    if (result.success) return { values: result.data, errors: {} };
    const errors: FieldErrors<VehicleFormValues> = {};
    for (const [name, message] of Object.entries(schemas.fieldErrors(result.error))) {
      if ((VEHICLE_FORM_FIELDS as readonly string[]).includes(name)) {
        errors[name as VehicleFormField] = { type: 'validation', message };
      }
    }
    return { values: {}, errors };
  };
}

/** Validates the add form with the contract's VehicleInputSchema (the photos are added on save). */
export function addVehicleResolver(): Resolver<VehicleFormValues, unknown, VehicleInput> {
  return contractResolver(
    (schemas) => schemas.VehicleInputSchema,
    (values) => values,
  );
}

/** Validates only the changed fields with the contract's VehiclePatchSchema. */
export function editVehicleResolver(vehicle: Vehicle): Resolver<VehicleFormValues, unknown, VehiclePatch> {
  return contractResolver(
    (schemas) => schemas.VehiclePatchSchema,
    (values) => changedVehicleFields(values, vehicle),
  );
}

/** What the telaio box says while it is typed: a hint, or an error once it cannot be right. */
export type VinStatus = { kind: 'hint' | 'error'; message: string } | null;

/**
 * Checks the VIN as it is typed, with the contract's rules: letters the VIN never has (I, O, Q)
 * and too many characters at once; at 17, the check digit (refused only for a North-American VIN,
 * said as not verified for the others).
 */
export function vinStatus(typed: string): VinStatus {
  const vin = normaliseVin(typed);
  if (vin === '') return null;
  if (/[^A-Z0-9]|[IOQ]/.test(vin)) return { kind: 'error', message: t.form.vin.forbidden };
  if (vin.length > VEHICLE_LIMITS.vinLength)
    return { kind: 'error', message: t.form.vin.tooLong(vin.length) };
  if (vin.length < VEHICLE_LIMITS.vinLength) return { kind: 'hint', message: t.form.vin.typing(vin.length) };
  const problem = vinProblem(vin);
  if (problem) return { kind: 'error', message: problem };
  return {
    kind: 'hint',
    message: vinCheckDigit(vin) === vin.charAt(8) ? t.form.vin.checked : t.form.vin.unchecked,
  };
}
