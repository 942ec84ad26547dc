import { useState, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { FormError } from '../../../components/FormError';
import { FormField } from '../../../components/FormField';
import { SubmitButton } from '../../../components/SubmitButton';
import { useServerErrors } from '../../../components/use-server-errors';
import { auth } from '../../../i18n/auth';
import { lazyZodResolver, type SchemaLoader } from '../../../lib/lazy-schema-resolver';
import { AuthCard } from './AuthCard';
import type { AuthField } from './auth-fields';

const t = auth;

interface AuthFormProps<Input extends FieldValues, Output extends FieldValues> {
  /** The screen's texts: the title heads the card and names the tab and the form. */
  texts: { title: string; intro: string; submit: string };
  /**
   * Loads the contract schema the browser checks before anything is sent, from `auth-schemas.ts`
   * (on first use: lib/lazy-schema-resolver.ts).
   */
  schema: SchemaLoader<Input, Output>;
  /** The inputs, in order (see `authFields`). */
  fields: readonly AuthField<Path<Input>>[];
  /** Sends the checked values and does what follows success; a rejection is shown on the form. */
  onSubmit: (values: Output) => Promise<unknown>;
  /** Shown above the form: a notice, the required-fields hint. */
  notice?: ReactNode;
  /** Links to the other account screens. */
  footer: ReactNode;
}

/**
 * The form every account screen is: the card, the required inputs checked by the contract schema,
 * the button (disabled while sending), and the server's answer to a failure: its field messages next
 * to their inputs, its `error` in red under the form.
 */
export function AuthForm<Input extends FieldValues, Output extends FieldValues>({
  texts,
  schema,
  fields,
  onSubmit,
  notice,
  footer,
}: AuthFormProps<Input, Output>) {
  const names = fields.map((field) => field.name);
  const [resolver] = useState(() => lazyZodResolver(schema));
  const form = useForm<Input, unknown, Output>({
    resolver,
    defaultValues: Object.fromEntries(names.map((name) => [name, ''])) as DefaultValues<Input>,
  });
  const { register, getFieldState, formState } = form;
  const { serverError, showServerError, clearServerError } = useServerErrors(form, names);

  const submit = form.handleSubmit(async (values) => {
    clearServerError();
    try {
      await onSubmit(values);
    } catch (error) {
      showServerError(error);
    }
  });

  return (
    <AuthCard title={texts.title} intro={texts.intro} footer={footer}>
      {notice}
      <Form
        noValidate
        onSubmit={(event) => void submit(event)}
        // The clerk has started on the form: fetch its schema while they type.
        onFocus={resolver.preload}
        aria-label={texts.title}
      >
        {fields.map(({ name, ...field }) => (
          <FormField
            key={name}
            {...register(name)}
            {...field}
            required
            error={getFieldState(name, formState).error?.message}
          />
        ))}
        <SubmitButton pending={formState.isSubmitting} pendingLabel={t.pending} className="w-100">
          {texts.submit}
        </SubmitButton>
        <FormError message={serverError} />
      </Form>
    </AuthCard>
  );
}
