import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ForgotPasswordInputSchema, type ForgotPasswordInput } from '@magazzino/contract';
import { FormError } from '../../../components/FormError';
import { FormField } from '../../../components/FormField';
import { SubmitButton } from '../../../components/SubmitButton';
import { messages } from '../../../i18n';
import { applyServerErrors } from '../../../lib/form-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useForgotPassword } from '../api/forgot-password';
import { AuthCard } from '../components/AuthCard';

const t = messages.auth;

/** Forgot-password screen (SPEC.md §2.4): 'Cambia' mails a reset link, then /sentpassword. */
export default function ForgotPasswordPage() {
  useDocumentTitle(t.forgot.title);
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ForgotPasswordInputSchema>, unknown, ForgotPasswordInput>({
    resolver: zodResolver(ForgotPasswordInputSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await forgot.mutateAsync(values);
      await navigate('/sentpassword');
    } catch (error) {
      setServerError(applyServerErrors(error, setError, ['email']));
    }
  });

  return (
    <AuthCard title={t.forgot.title} intro={t.forgot.intro} footer={<Link to="/login">{t.forgot.back}</Link>}>
      <Form noValidate onSubmit={onSubmit} aria-label={t.forgot.title}>
        <FormField
          registration={register('email')}
          label={t.fields.email}
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
        />
        <SubmitButton pending={forgot.isPending || isSubmitting} pendingLabel={t.pending} className="w-100">
          {t.forgot.submit}
        </SubmitButton>
        <FormError message={serverError} />
      </Form>
    </AuthCard>
  );
}
