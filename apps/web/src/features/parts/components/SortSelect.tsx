import { FormField } from '../../../components/FormField';
import { parts as t } from '../../../i18n/parts';
import { readSort, sortParam, type ListSort } from './list-search';

interface SortSelectProps {
  /** The order shown (null: the server's best matches first, during a search). */
  sort: ListSort | null;
  onSort: (sort: ListSort) => void;
}

const OPTIONS = Object.entries(t.table.sortOptions).map(([value, label]) => ({ value, label }));

/** 'Ordina per' on a phone, where the cards have no column headers to click. */
export function SortSelect({ sort, onSort }: SortSelectProps) {
  const value = sort ? sortParam(sort) : '';
  const known = OPTIONS.some((option) => option.value === value);
  const options = known ? OPTIONS : [{ value, label: t.table.sortBest }, ...OPTIONS];
  return (
    <FormField
      control="select"
      id="ordina-per"
      className="d-flex align-items-center gap-2 mb-2 d-print-none"
      labelClassName="mb-0 text-nowrap"
      inputClassName="w-auto mw-100"
      label={t.table.sortLabel}
      name="sort"
      options={options}
      value={value}
      onChange={(event) => {
        const next = readSort(new URLSearchParams({ sort: event.target.value }));
        if (next) onSort(next);
      }}
    />
  );
}
