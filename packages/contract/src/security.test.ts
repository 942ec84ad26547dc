import { describe, expect, it } from 'vitest';
import { SECURITY_EVENT_LABELS, SECURITY_EVENT_TYPES } from './security-events.js';
import { SecurityLogQuerySchema } from './security.js';

describe('security log contract', () => {
  it('names every event type in Italian', () => {
    for (const type of SECURITY_EVENT_TYPES) expect(SECURITY_EVENT_LABELS[type]).toMatch(/^[A-Z]/);
  });

  it('takes one or more types, comma-separated or repeated, and refuses unknown ones in Italian', () => {
    expect(SecurityLogQuerySchema.parse({ tipo: 'uscita' }).tipo).toEqual(['uscita']);
    expect(SecurityLogQuerySchema.parse({ tipo: 'uscita, ruolo_cambiato' }).tipo).toEqual([
      'uscita',
      'ruolo_cambiato',
    ]);
    expect(SecurityLogQuerySchema.parse({ tipo: ['uscita', 'accesso_fallito'] }).tipo).toEqual([
      'uscita',
      'accesso_fallito',
    ]);
    const bad = SecurityLogQuerySchema.safeParse({ tipo: 'uscita,entrata' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path[0]).toBe('tipo');
    expect(bad.error?.issues[0]?.message).toBe(
      'Il tipo di evento non è tra quelli del registro di sicurezza',
    );
  });
});
