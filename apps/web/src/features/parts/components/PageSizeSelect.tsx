import { FormField } from '../../../components/FormField';
import { parts as t } from '../../../i18n/parts';
import { formatInteger } from '../../../lib/format';
import { PAGE_SIZES } from './list-search';

interface PageSizeSelectProps {
  value: number;
  onChange: (size: number) => void;
}

const OPTIONS = PAGE_SIZES.map((size) => ({ value: String(size), label: formatInteger(size) }));

/** 'Componenti per pagina': one of the page sizes the contract offers (5, 10 or 20). */
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
