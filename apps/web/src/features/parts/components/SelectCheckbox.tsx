import { useEffect, useRef } from 'react';
import './selection.css';

interface SelectCheckboxProps {
  /** What a screen reader says: 'Seleziona Faro anteriore' (none inside a <label>, which names it). */
  label?: string;
  checked: boolean;
  /** Some but not all (the page's 'Seleziona tutti' with part of the page chosen). */
  indeterminate?: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}

/** A row's checkbox: a real one (Space toggles it), finger-sized on a phone, hidden on paper. */
export function SelectCheckbox({
  label,
  checked,
  indeterminate = false,
  onChange,
  className = '',
}: SelectCheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={`form-check-input parts-select d-print-none ${className}`}
      aria-label={label}
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}
