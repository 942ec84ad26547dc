import { ALL_STATUSES, PART_STATUSES, STATUS_LABELS, type PartStatus } from '@magazzino/contract';
import { FormField } from '../../../components/FormField';
import { messages } from '../../../i18n';

const t = messages.lifecycle.filter;

/** 'In magazzino' (the default: no `stato`), each status alone, 'Tutti'. */
const OPTIONS = [
  { value: '', label: t.inStock },
  ...PART_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
  { value: ALL_STATUSES, label: t.all },
];

/** The option of a `stato` none of OPTIONS is (several statuses, from a shared link): their names. */
function optionsFor(value: string) {
  if (OPTIONS.some((option) => option.value === value)) return OPTIONS;
  const names = value.split(',').map((status) => STATUS_LABELS[status as PartStatus] ?? status);
  return [...OPTIONS, { value, label: names.join(', ') }];
}

interface StatusFilterSelectProps {
  /** The `stato` parameter in force ('' for the parts in stock). */
  value: string;
  onChange: (stato: string) => void;
  id: string;
  className?: string;
  labelClassName?: string;
  inputClassName?: string;
}

/** 'Stato': which parts a list shows, by status; the parts in stock unless the clerk asks otherwise. */
export function StatusFilterSelect({ value, onChange, ...layout }: StatusFilterSelectProps) {
  return (
    <FormField
      control="select"
      {...layout}
      label={t.label}
      name="stato"
      options={optionsFor(value)}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
