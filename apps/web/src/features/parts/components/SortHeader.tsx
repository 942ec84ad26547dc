import type { SortField } from '@magazzino/contract';
import type { ListSort } from './list-search';

interface SortHeaderProps {
  label: string;
  field: SortField;
  /** The order the list is in (null: one no header stands for, e.g. the best matches first). */
  sort: ListSort | null;
  onSort: (sort: ListSort) => void;
  className?: string;
}

/**
 * A column header that sorts: a button (reachable with Tab, Enter or Space) that orders by its
 * column, ascending first and then the other way at each click. The header says the current
 * order to screen readers (aria-sort); the arrow shows it on screen.
 */
export function SortHeader({ label, field, sort, onSort, className }: SortHeaderProps) {
  const active = sort?.field === field;
  const descending = active && sort.descending;
  return (
    <th
      scope="col"
      className={className}
      aria-sort={active ? (descending ? 'descending' : 'ascending') : undefined}
    >
      <button
        type="button"
        className={`parts-sort${active ? ' parts-sort-active' : ''}`}
        onClick={() => onSort({ field, descending: active ? !descending : false })}
      >
        {label}
        <span className="parts-sort-icon" aria-hidden="true">
          {active ? (descending ? '▼' : '▲') : '↕'}
        </span>
      </button>
    </th>
  );
}
