import { ROLE_LABELS, type Role, type SecurityEvent } from '@magazzino/contract';
import { messages } from '../../../i18n';

const t = messages.security;

const roleLabel = (value: unknown) =>
  typeof value === 'string' && value in ROLE_LABELS ? ROLE_LABELS[value as Role] : String(value);

/** The details of an entry as a short Italian line ('motivo: password errata', 'da Magazziniere a Sola lettura'). */
export function detailsText(event: SecurityEvent): string {
  const { motivo, da, a, ...rest } = event.dettagli;
  const parts: string[] = [];
  if (typeof motivo === 'string') parts.push(t.log.reason(t.failureLabels[motivo] ?? motivo));
  if (da !== undefined && a !== undefined) parts.push(`da ${roleLabel(da)} a ${roleLabel(a)}`);
  for (const [key, value] of Object.entries(rest)) {
    const label = t.detailLabels[key] ?? key;
    if (value === true) parts.push(label);
    else if (value === false || value === null) continue;
    else parts.push(`${label}: ${key === 'ruolo' ? roleLabel(value) : String(value)}`);
  }
  return parts.join(' · ');
}

/** Who the entry is about: the account's name, else the address typed, else 'account cancellato'. */
export function subjectText(event: SecurityEvent): string {
  if (event.utente) return event.utente.username;
  if (event.email) return event.email;
  return '—';
}

/** Who did it: an account, the system (no address), or a visitor not signed in. */
export function actorText(event: SecurityEvent): string {
  if (event.autore) return event.autore.username;
  return event.ip === null ? t.log.system : t.log.visitor;
}

/** Where from: the address, and the device when known. */
export function originText(event: SecurityEvent): string {
  if (event.ip === null) return t.log.noAddress;
  return event.dispositivo ? `${event.ip} · ${event.dispositivo}` : event.ip;
}
