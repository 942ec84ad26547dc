import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import {
  CategoryRenameInputSchema,
  LIMITS,
  type CategoryCount,
  type CategoryRenameInput,
} from '@magazzino/contract';
import { sameValue } from '../../../components/combobox-items';
import { FormError } from '../../../components/FormError';
import { FormField } from '../../../components/FormField';
import { SubmitButton } from '../../../components/SubmitButton';
import { useServerErrors } from '../../../components/use-server-errors';
import { messages } from '../../../i18n';
import { formatInteger } from '../../../lib/format';
import { useRenameCategory } from '../api/rename-category';

const t = messages.categories;
const FIELDS = ['da', 'a'] as const;

const partsText = (count: number) => t.parts(count, formatInteger(count));

/**
 * 'Rinomina o unisci categorie' (amministratori, `categories:manage`): every part of one category
 * moves to a new name; a name already in use, however it is written, merges the two. The form
 * says which of the two will happen before it is sent.
 */
export function CategoryActions({ categories }: { categories: readonly CategoryCount[] }) {
  const rename = useRenameCategory();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<CategoryRenameInput>({
    resolver: zodResolver(CategoryRenameInputSchema),
    defaultValues: { da: '', a: '' },
  });
  const { serverError, showServerError, clearServerError } = useServerErrors(form, FIELDS);
  const [da, a] = useWatch({ control: form.control, name: ['da', 'a'] });

  const source = categories.find(({ categoria }) => categoria === da);
  const others = categories
    .filter(({ categoria }) => categoria !== da)
    .map(({ categoria, count }) => ({ value: categoria, count }));
  const target = a.trim() === '' ? undefined : sameValue(others, a);
  const preview =
    source && a.trim() !== ''
      ? target
        ? t.willMerge(source.categoria, target.value, partsText(source.count), source.count === 1)
        : t.willRename(source.categoria, a.trim(), partsText(source.count), source.count === 1)
      : undefined;

  const onSubmit = form.handleSubmit(async (values) => {
    setDone(null);
    clearServerError();
    try {
      const result = await rename.mutateAsync(values);
      const count = partsText(result.count);
      setDone(
        result.unite
          ? t.merged(values.da, result.categoria, count)
          : t.renamed(values.da, result.categoria, count),
      );
      form.reset({ da: '', a: '' });
    } catch (error) {
      showServerError(error);
    }
  });

  const options = [
    { value: '', label: t.choose },
    ...categories.map(({ categoria, count }) => ({
      value: categoria,
      label: t.option(categoria, formatInteger(count)),
    })),
  ];

  return (
    <Card className="mt-4 shadow-sm">
      <Card.Body>
        <h2 className="h5 card-title">{t.title}</h2>
        <p className="text-body-secondary">{t.intro}</p>
        <Form noValidate onSubmit={(event) => void onSubmit(event)}>
          <div className="row g-3">
            <FormField
              {...form.register('da')}
              control="select"
              label={t.from}
              required
              options={options}
              className="col-12 col-md-6"
              error={form.formState.errors.da?.message}
            />
            <FormField
              {...form.register('a')}
              label={t.to}
              required
              maxLength={LIMITS.shortTextMax}
              enterKeyHint="done"
              className="col-12 col-md-6"
              error={form.formState.errors.a?.message}
            />
          </div>
          <p className="small mt-3 mb-3" aria-live="polite">
            {preview}
          </p>
          <SubmitButton pending={rename.isPending} pendingLabel={t.saving}>
            {target ? t.merge : t.rename}
          </SubmitButton>
          <FormError message={serverError} />
        </Form>
        <div role="status" className="mt-2">
          {done && <p className="mb-0 text-success-emphasis">{done}</p>}
        </div>
      </Card.Body>
    </Card>
  );
}
