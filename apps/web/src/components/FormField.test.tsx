import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { FormField } from './FormField';

/** A one-field react-hook-form form that hands its values to `onSubmit`. */
function DecimalForm({ onSubmit }: { onSubmit: (values: { peso: string }) => void }) {
  const { register, handleSubmit } = useForm<{ peso: string }>({ defaultValues: { peso: '' } });
  const submit = handleSubmit(onSubmit);
  return (
    <form onSubmit={(event) => void submit(event)}>
      <FormField {...register('peso')} control="decimal" label="Peso (Kg)" decimals={3} />
      <button type="submit">Salva</button>
    </form>
  );
}

describe('FormField', () => {
  it('labels the input, marks it required, and describes it by its error and hint', () => {
    render(
      <FormField
        name="email"
        control="email"
        label="Email"
        required
        error="L'email non è valida"
        hint="Quella di lavoro"
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(document.querySelector(`label[for="${input.id}"]`)).toHaveTextContent('Email *');
    expect(input).toHaveAttribute('name', 'email');
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription("L'email non è valida Quella di lavoro");
  });

  it('shows a decimal the Italian way once left, and the form holds what is shown', async () => {
    const onSubmit = vi.fn<(values: { peso: string }) => void>();
    render(<DecimalForm onSubmit={onSubmit} />);
    const input = screen.getByRole('textbox', { name: 'Peso (Kg)' });
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    await userEvent.type(input, '12345.5');
    await userEvent.tab();
    expect(input).toHaveValue('12.345,5');
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ peso: '12.345,5' }, expect.anything());
    // What cannot be read as one number is left as typed, for the schema to refuse.
    await userEvent.clear(input);
    await userEvent.type(input, '1,2,3');
    await userEvent.tab();
    expect(input).toHaveValue('1,2,3');
  });

  it('writes the cents of an amount of euro once left', async () => {
    function PriceForm() {
      const { register } = useForm<{ prezzo: string }>({ defaultValues: { prezzo: '' } });
      return (
        <FormField {...register('prezzo')} control="decimal" label="Prezzo (€)" decimals={2} fixedDecimals />
      );
    }
    render(<PriceForm />);
    const input = screen.getByRole('textbox', { name: 'Prezzo (€)' });
    await userEvent.type(input, '1250.5');
    await userEvent.tab();
    // Italian groups thousands from five digits on ('12.345'), as the spec's weights show.
    expect(input).toHaveValue('1250,50');
    await userEvent.clear(input);
    await userEvent.type(input, '45');
    await userEvent.tab();
    expect(input).toHaveValue('45,00');
  });

  it('offers the options of a select and reports the choice', async () => {
    const onChange = vi.fn<(value: string) => void>();
    render(
      <FormField
        name="perPagina"
        control="select"
        label="Componenti per pagina"
        options={[
          { value: '5', label: '5' },
          { value: '10', label: '10' },
        ]}
        value="5"
        onChange={(event) => onChange(event.target.value)}
      />,
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Componenti per pagina' }), '10');
    expect(onChange).toHaveBeenCalledWith('10');
  });
});
