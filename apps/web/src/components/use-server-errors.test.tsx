import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { FormError } from './FormError';
import { FormField } from './FormField';
import { useServerErrors } from './use-server-errors';

/** A form whose every submit fails with `failure`. */
function FailingForm({ failure }: { failure: unknown }) {
  const form = useForm<{ targa: string; marca: string }>({ defaultValues: { targa: '', marca: '' } });
  const { serverError, showServerError, clearServerError } = useServerErrors(form, ['targa']);
  const submit = form.handleSubmit(() => {
    clearServerError();
    showServerError(failure);
  });
  return (
    <form onSubmit={(event) => void submit(event)}>
      <FormField {...form.register('targa')} label="Targa" error={form.formState.errors.targa?.message} />
      <FormField {...form.register('marca')} label="Marca" error={form.formState.errors.marca?.message} />
      <button type="submit">Salva</button>
      <FormError message={serverError} />
    </form>
  );
}

describe('useServerErrors', () => {
  it("puts the server's field messages by the inputs it names, and its error under the form", async () => {
    const failure = new ApiError(400, 'Alcuni campi non sono validi', 'VALIDATION', {
      targa: 'La targa non è valida',
      marca: 'La marca non è valida',
    });
    render(<FailingForm failure={failure} />);
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(screen.getByRole('textbox', { name: 'Targa' })).toHaveAccessibleDescription(
      'La targa non è valida',
    );
    // Only the fields it was given: the form decides which of the server's names it shows.
    expect(screen.getByRole('textbox', { name: 'Marca' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).toHaveTextContent('Alcuni campi non sono validi');
  });

  it('shows the message of a failure that never reached the server', async () => {
    render(<FailingForm failure={new TypeError('Failed to fetch')} />);
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch');
  });
});
