import { useState, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { applyServerErrors } from '../../../lib/form-errors';

/**
 * The form logic the account screens share: the contract schema validates in the browser, the
 * server's field messages land next to their inputs, and its `error` is returned for FormError.
 */
export function useAuthForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
  submit: (values: Output) => Promise<void>,
) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  const fields = Object.keys(defaultValues) as Path<Input>[];

  const handleSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await submit(values);
    } catch (error) {
      setServerError(applyServerErrors(error, form.setError, fields));
    }
  });
  // The form's submit event expects no promise back; failures are shown by the catch above.
  const onSubmit = (event: FormEvent) => void handleSubmit(event);

  return { form, onSubmit, serverError };
}
