import { LineIcon } from '../../../components/LineIcon';

/** The four pictograms of the dashboard cards, drawn with the text colour (decorative). */
export type DashboardIconName = 'list' | 'add' | 'warehouse' | 'categories';

const PATHS: Record<DashboardIconName, string> = {
  // A list: three bullets and lines.
  list: 'M4 6h.01M4 12h.01M4 18h.01M8 6h12M8 12h12M8 18h12',
  // A box with a plus.
  add: 'M4 4h16v16H4zM12 8v8M8 12h8',
  // Shelving: uprights and three shelves with boxes.
  warehouse: 'M3 3v18M21 3v18M3 8h18M3 14h18M3 20h18M6 5h4v3H6zM13 11h5v3h-5zM7 17h4v3H7z',
  // Four tiles.
  categories: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
};

export function DashboardIcon({ name }: { name: DashboardIconName }) {
  return <LineIcon path={PATHS[name]} />;
}
