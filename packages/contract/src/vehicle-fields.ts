/**
 * A donor vehicle's field values that the forms need as soon as they show (the fuels and their
 * names, how km are read), without zod: the schemas (vehicle.ts) load only when a form is used.
 */

/** Fuel types, as the API writes them; people read FUEL_LABELS. */
export const FUELS = ['benzina', 'diesel', 'gpl', 'metano', 'ibrida', 'elettrica', 'altro'] as const;
export type Fuel = (typeof FUELS)[number];

/** How the forms and the vehicle's page name each fuel. */
export const FUEL_LABELS = {
  benzina: 'Benzina',
  diesel: 'Diesel',
  gpl: 'GPL',
  metano: 'Metano',
  ibrida: 'Ibrida',
  elettrica: 'Elettrica',
  altro: 'Altro',
} as const satisfies Record<Fuel, string>;

/** Groups of three digits after a dot or a space: '123.456', '1 234 567' (thousands, the Italian way). */
const GROUPED_WHOLE = /^[+-]?\d{1,3}(?:[. \u00a0\u202f]\d{3})+$/;

/**
 * Kilometres as a clerk types them: 123456, '123456', '123.456' (dots and spaces group thousands,
 * never a decimal point: a car's km are whole); empty text is nothing.
 */
export function parseKm(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  if (GROUPED_WHOLE.test(text)) return Number(text.replace(/[. \u00a0\u202f]/g, ''));
  if (/^[+-]?\d+$/.test(text)) return Number(text);
  return value;
}
