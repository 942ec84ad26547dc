import { useId, type ReactNode } from 'react';
import { labels as t } from '../../../i18n/labels';
import type { LabelsFormat } from '../../../lib/paths';

/** Labels on one A4 sheet: 3 columns × 8 rows of 70 × 37 mm. */
export const LABELS_PER_SHEET = 24;

/** One label to lay out, with its key. */
export interface LabelItem {
  key: string;
  label: ReactNode;
}

interface LabelSheetProps {
  items: readonly LabelItem[];
  format: LabelsFormat;
}

/** `items` in groups of `size`. */
function chunks<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let start = 0; start < items.length; start += size) groups.push(items.slice(start, start + size));
  return groups;
}

/**
 * The labels at their printed size. A4: sheets of 24, each one printed page (a 3 × 8 grid; on screen
 * the labels wrap to the width, under 'Foglio 1 di 2'). Roll: one label per printed page of
 * 62 × 29 mm. The page size itself is the LabelsPage's @page rule.
 */
export function LabelSheet({ items, format }: LabelSheetProps) {
  const id = useId();
  if (format === 'rotolo') {
    return (
      <ul className="labels-list labels-rotolo" aria-label={t.page.listLabel}>
        {items.map((item) => (
          <li key={item.key}>{item.label}</li>
        ))}
      </ul>
    );
  }
  const sheets = chunks(items, LABELS_PER_SHEET);
  return (
    <div className="labels-a4">
      {sheets.map((sheet, index) => {
        const titleId = `${id}-foglio-${index + 1}`;
        return (
          <section key={sheet[0]?.key ?? index} className="labels-sheet" aria-labelledby={titleId}>
            <h2 id={titleId} className="labels-sheet-title d-print-none">
              {t.page.sheet(index + 1, sheets.length)}
            </h2>
            <ul className="labels-list labels-grid">
              {sheet.map((item) => (
                <li key={item.key}>{item.label}</li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
