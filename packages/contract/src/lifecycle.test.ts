import { describe, expect, it } from 'vitest';
import { fieldErrors } from './errors.js';
import { StatusChangeSchema } from './lifecycle.js';
import { canMove, isCalendarDay, PART_STATUSES, STATUS_TRANSITIONS } from './statuses.js';

const errorsOf = (body: unknown) => {
  const result = StatusChangeSchema.safeParse(body);
  return result.success ? {} : fieldErrors(result.error);
};

describe('a part status and its moves', () => {
  it('allows only the moves of the table, and never back from venduto but through reso', () => {
    for (const from of PART_STATUSES) {
      for (const to of PART_STATUSES) {
        expect(canMove(from, to)).toBe((STATUS_TRANSITIONS[from] as readonly string[]).includes(to));
      }
    }
    expect(canMove('venduto', 'disponibile')).toBe(false);
    expect(canMove('venduto', 'reso')).toBe(true);
    expect(canMove('scartato', 'venduto')).toBe(false);
  });

  it('reads a reservation and a sale the Italian way, naming the field at fault', () => {
    expect(
      StatusChangeSchema.parse({ stato: 'riservato', cliente: ' Rossi ', telefono: '', fino: '2026-12-01' }),
    ).toEqual({ stato: 'riservato', cliente: 'Rossi', telefono: null, fino: '2026-12-01' });
    expect(StatusChangeSchema.parse({ stato: 'venduto', prezzo: '1.250,50' })).toEqual({
      stato: 'venduto',
      prezzo: 1250.5,
    });
    expect(errorsOf({ stato: 'riservato', fino: '2026-12-01' })).toEqual({
      cliente: 'Il cliente è obbligatorio',
    });
    expect(errorsOf({ stato: 'riservato', cliente: 'Rossi', fino: '01/12/2026' }).fino).toMatch(
      /data valida/,
    );
    expect(errorsOf({ stato: 'venduto', prezzo: 'quaranta' })).toEqual({
      prezzo: 'Il prezzo di vendita deve essere un numero',
    });
    expect(errorsOf({ stato: 'perso' }).stato).toMatch(/^Lo stato deve essere uno di/);
  });

  it('knows which calendar days exist', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('2026-1-01')).toBe(false);
  });
});
