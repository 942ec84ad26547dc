import Form from 'react-bootstrap/Form';
import { parts as t } from '../../../i18n/parts';
import { PAGE_SIZES } from './list-search';

interface PageSizeSelectProps {
  value: number;
  onChange: (size: number) => void;
}

/** 'Componenti per pagina': 5, 10 or 20 (SPEC.md §9). */
export function PageSizeSelect({ value, onChange }: PageSizeSelectProps) {
  return (
    <Form.Group controlId="componenti-per-pagina" className="d-flex align-items-center gap-2 d-print-none">
      <Form.Label className="mb-0 text-nowrap">{t.list.pageSize}</Form.Label>
      <Form.Select
        value={String(value)}
        onChange={(event) => onChange(Number(event.target.value))}
        className="w-auto"
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
