import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  AccountSettingsInputSchema,
  ROLES,
  type AccountSettings,
  type AccountSettingsInput,
} from '@magazzino/contract';
import { FormField } from '../../../components/FormField';
import { SubmitButton } from '../../../components/SubmitButton';
import { messages } from '../../../i18n';
import { useUpdateAccountSettings } from '../api/update-account-settings';
import { UsersError } from './UsersError';

const t = messages.users;
const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: t.roles[role] }));
const SIGNUP_TEXTS = {
  approval: t.settings.signupApproval,
  open: t.settings.signupOpen,
  closed: t.settings.signupClosed,
} as const satisfies Record<AccountSettings['signup'], string>;

/** 'Nuovi account': how accounts come in (SIGNUP) and the role they get, which an amministratore picks. */
export function SignupRoleForm({ settings }: { settings: AccountSettings }) {
  const save = useUpdateAccountSettings();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<AccountSettingsInput>({
    resolver: zodResolver(AccountSettingsInputSchema),
    values: { signupRole: settings.signupRole },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setSaved(null);
    try {
      const next = await save.mutateAsync(values);
      setSaved(t.settings.saved(next.signupRole));
    } catch {
      // Shown from the mutation's error below.
    }
  });

  return (
    <Card className="mb-4 shadow-sm">
      <Card.Body>
        <h2 className="h5 card-title">{t.settings.title}</h2>
        <p className="text-body-secondary">{SIGNUP_TEXTS[settings.signup]}</p>
        <Form noValidate onSubmit={(event) => void onSubmit(event)} className="users-settings-form">
          <FormField
            {...form.register('signupRole')}
            control="select"
            label={t.settings.label}
            options={ROLE_OPTIONS}
            className="users-settings-field"
            error={form.formState.errors.signupRole?.message}
          />
          <SubmitButton pending={save.isPending} pendingLabel={t.settings.saving}>
            {t.settings.save}
          </SubmitButton>
        </Form>
        <div role="status" className="mt-2">
          {saved && <p className="mb-0 text-success-emphasis">{saved}</p>}
        </div>
        {save.isError && <UsersError title={t.settings.failed} error={save.error} />}
      </Card.Body>
    </Card>
  );
}
