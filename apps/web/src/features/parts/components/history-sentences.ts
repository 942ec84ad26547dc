import {
  PART_FIELD_SPECS,
  PART_STATUSES,
  STATUS_LABELS,
  type FieldChange,
  type PartEvent,
  type PartField,
  type PartStatus,
} from '@magazzino/contract';
import { messages } from '../../../i18n';
import { formatNumber } from '../../../lib/format';
import { calendarDayFromToday, formatCalendarDay, formatPeso, formatPrezzo } from './format';

const t = messages.history;

/** A text value longer than this is cut in a sentence (a description): the part's page has it whole. */
const LONGEST_VALUE = 80;

type Value = FieldChange['prima'];

function isPartField(campo: string): campo is PartField {
  return Object.hasOwn(PART_FIELD_SPECS, campo);
}

function isStatus(value: unknown): value is PartStatus {
  return (PART_STATUSES as readonly unknown[]).includes(value);
}

/** How a sentence names a field: 'il peso', 'la categoria', 'la foto', 'la scadenza della prenotazione'. */
export function fieldName(campo: string): string {
  if (isPartField(campo)) return PART_FIELD_SPECS[campo].subject.toLowerCase();
  return Object.hasOwn(t.fields, campo) ? t.fields[campo as keyof typeof t.fields] : t.unknownField(campo);
}

/**
 * A value before or after a change, the Italian way: '1,5 Kg', '€ 45,00', 'Riservato', '30/11/2026',
 * «Fari» for a text (cut when long), 'vuoto' for nothing.
 */
export function formatValue(campo: string, value: Value): string {
  if (value === null || (typeof value === 'string' && value.trim() === '')) return t.empty;
  if (typeof value === 'number') {
    if (campo === 'peso') return formatPeso(value);
    if (campo === 'prezzo' || campo === 'prezzoVendita') return formatPrezzo(value);
    return formatNumber(value);
  }
  if (campo === 'stato' && isStatus(value)) return STATUS_LABELS[value];
  if (campo === 'fino' || campo === 'dataVendita') return formatCalendarDay(value);
  if (campo === 'annoImmatricolazione' || campo === 'telefono') return value;
  const text = value.length > LONGEST_VALUE ? `${value.slice(0, LONGEST_VALUE - 1).trimEnd()}…` : value;
  return `«${text}»`;
}

/** 'a', 'a e b', 'a, b e c'. */
function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')}${t.sentence.and}${items.at(-1) ?? ''}`;
}

/** The fields of an edit: 'il peso da 1,2 Kg a 1,5 Kg', the photo only as 'la foto'. */
function describeEdit(who: string, changes: readonly FieldChange[]): string {
  const [only] = changes;
  if (changes.length === 1 && only?.campo === 'urlImmagine') {
    if (only.prima === null) return t.sentence.photoAdded(who);
    if (only.dopo === null) return t.sentence.photoRemoved(who);
  }
  if (changes.length === 0) return t.sentence.changedSomething(who);
  const parts = changes.map((change) =>
    change.campo === 'urlImmagine'
      ? t.sentence.photoChanged
      : t.sentence.change(
          fieldName(change.campo),
          formatValue(change.campo, change.prima),
          formatValue(change.campo, change.dopo),
        ),
  );
  return t.sentence.changed(who, joinList(parts));
}

/** A status change: a sale with its price, a reservation with its customer and day, an expiry. */
function describeStatusChange(who: string, event: PartEvent): string {
  const byField = new Map(event.modifiche.map((change) => [change.campo, change]));
  const stato = byField.get('stato');
  if (!stato || !isStatus(stato.dopo)) return describeEdit(who, event.modifiche);
  const after = stato.dopo;
  const before = isStatus(stato.prima) ? STATUS_LABELS[stato.prima] : t.empty;

  const price = byField.get('prezzoVendita')?.dopo;
  if (after === 'venduto' && typeof price === 'number') {
    const sold = t.sentence.sold(who, formatPrezzo(price));
    const day = byField.get('dataVendita')?.dopo;
    // The day of the sale is said only when it is not the day it was recorded.
    const recordedOn = calendarDayFromToday(0, new Date(event.at));
    return typeof day === 'string' && day !== recordedOn
      ? `${sold} ${t.sentence.soldOn(formatCalendarDay(day))}`
      : sold;
  }
  if (event.utente === null && after === 'disponibile') return t.sentence.expired(who);

  const sentence =
    stato.prima === 'riservato' && after === 'riservato'
      ? t.sentence.reservedAgain(who)
      : t.sentence.status(who, before, STATUS_LABELS[after]);
  const cliente = byField.get('cliente')?.dopo;
  const fino = byField.get('fino')?.dopo;
  if (after !== 'riservato' || typeof cliente !== 'string' || typeof fino !== 'string') return sentence;
  const telefono = byField.get('telefono')?.dopo;
  const reservation = t.sentence.reservation(
    cliente,
    typeof telefono === 'string' && telefono !== '' ? telefono : null,
    formatCalendarDay(fino),
  );
  return `${sentence} ${reservation}`;
}

/**
 * What happened, as a sentence an Italian clerk reads at a glance: 'Mario ha cambiato il peso da
 * 1,2 Kg a 1,5 Kg', 'Anna ha venduto il componente a € 40,00', 'Il sistema ha rimesso disponibile il
 * componente (prenotazione scaduta)'. Who is the account's name, or the system when none did it.
 */
export function describeEvent(event: PartEvent): string {
  const who = event.utente?.username ?? t.system;
  switch (event.tipo) {
    case 'creato':
      return t.sentence.created(who);
    case 'modificato':
      return describeEdit(who, event.modifiche);
    case 'stato':
      return describeStatusChange(who, event);
    case 'eliminato':
      return t.sentence.deleted(who);
    case 'ripristinato':
      return t.sentence.restored(who);
  }
}
