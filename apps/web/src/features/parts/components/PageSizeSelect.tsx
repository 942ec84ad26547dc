import { FormField } from '../../../components/FormField';
import { parts as t } from '../../../i18n/parts';
import { formatInteger } from '../../../lib/format';
import { PAGE_SIZES } from './list-search';

interface PageSizeSelectProps {
  value: number;
  onChange: (size: number) => void;
}

const OPTIONS = PAGE_SIZES.map((size) => ({ value: String(size), label: formatInteger(size) }));

/** 'Componenti per pagina': 5, 10, 20, 50 or 100 (the clerk's choice is remembered by the list). */
export function PageSizeSelect({ value, onChange }: PageSizeSelectProps) {
  return (
    <FormField
      control="select"
      id="componenti-per-pagina"
      className="d-flex align-items-center gap-2 d-print-none"
      labelClassName="mb-0 text-nowrap"
      inputClassName="w-auto"
      label={t.list.pageSize}
      name="perPagina"
      options={OPTIONS}
      value={String(value)}
      onChange={(event) => onChange(Number(event.target.value))}
    />
  );
}
