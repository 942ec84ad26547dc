import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import type { AccountSettings } from '@magazzino/contract';
import { messages } from '../../../i18n';
import { useUpdateTwoFactorRequired } from '../api/update-two-factor-required';
import { UsersError } from './UsersError';

const t = messages.users.twoFactor;

/**
 * 'Verifica in due passaggi' on 'Utenti': the amministratore's switch that requires it of every
 * account (a button with role switch, as tall as a finger, like the theme switch).
 */
export function TwoFactorRequiredSwitch({ settings }: { settings: AccountSettings }) {
  const save = useUpdateTwoFactorRequired();
  const [saved, setSaved] = useState<string | null>(null);
  const on = save.isPending ? save.variables.required : settings.twoFactorRequired;
  const toggle = () => {
    setSaved(null);
    save.mutate(
      { required: !settings.twoFactorRequired },
      { onSuccess: (next) => setSaved(next.twoFactorRequired ? t.on : t.off) },
    );
  };
  return (
    <Card className="mb-4 shadow-sm">
      <Card.Body>
        <h2 className="h5 card-title">{t.title}</h2>
        <p className="text-body-secondary">{t.intro}</p>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          className="theme-switch"
          disabled={save.isPending}
          onClick={toggle}
        >
          <span className="theme-switch-track" aria-hidden="true" />
          <span>{t.label}</span>
        </button>
        <div role="status" className="mt-2">
          {saved && <p className="mb-0 text-success-emphasis">{saved}</p>}
        </div>
        {save.isError && <UsersError title={t.failed} error={save.error} />}
      </Card.Body>
    </Card>
  );
}
