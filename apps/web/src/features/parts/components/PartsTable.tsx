import { lazy, Suspense, useState } from 'react';
import type { Part } from '@magazzino/contract';
import { parts as t } from '../../../i18n/parts';
import { useMediaQuery, usePrinting } from '../../../lib/use-media-query';
import { columnTerms, type ListSearchText } from './highlight';
import type { ListSort } from './list-search';
import { PartCards } from './PartCards';
import { PartsTableView } from './PartsTableView';
import { SelectionBar } from './SelectionBar';
import { SortSelect } from './SortSelect';
import type { PartSelection } from './use-part-selection';
import './parts.css';

// The viewer is fetched on the first click: the list itself never pays for it.
const ImageLightbox = lazy(() => import('../../../components/ImageLightbox'));

/** Every photo of a part for the viewer, the cover first. */
function slidesOf(part: Part) {
  const photos = part.immagini.length > 0 ? part.immagini : [part.urlImmagine ?? part.urlMiniatura ?? ''];
  return photos.map((src, index) => ({
    src,
    alt:
      photos.length === 1
        ? t.table.photoOf(part.nome)
        : t.table.photoNth(part.nome, index + 1, photos.length),
  }));
}

/** Below Bootstrap's md breakpoint a table cannot fit: each part becomes a card. */
export const PHONE = '(max-width: 767.98px)';

interface PartsTableProps {
  parts: Part[];
  /** Accessible name of the table (or of the list of cards). */
  caption: string;
  /** The search shown, marked in the cells it matches. */
  search?: ListSearchText;
  /** The order shown; with `onSort`, the sortable column headers become buttons. */
  sort?: ListSort | null;
  onSort?: (sort: ListSort) => void;
  /** Rows chosen for labels: with it, a checkbox per row and 'Seleziona tutti' above them. */
  selection?: PartSelection;
}

/**
 * The parts of the list, a category and the warehouse lookup: a table on a tablet or desktop
 * (sorted by its headers), a compact card per part on a phone (sorted with 'Ordina per'); a
 * printout is always the table. A thumbnail (the cover) opens every photo of the part in the lightbox.
 */
export function PartsTable({ parts, caption, search, sort, onSort, selection }: PartsTableProps) {
  // The viewer puts the focus back on the thumbnail button it was opened from.
  const [viewing, setViewing] = useState<Part | null>(null);
  const phone = useMediaQuery(PHONE);
  const printing = usePrinting();
  const terms = columnTerms(search);

  return (
    <>
      {selection && <SelectionBar parts={parts} selection={selection} />}
      {phone && !printing ? (
        <>
          {onSort && <SortSelect sort={sort ?? null} onSort={onSort} />}
          <PartCards
            parts={parts}
            caption={caption}
            terms={terms}
            onOpen={setViewing}
            selection={selection}
          />
        </>
      ) : (
        <PartsTableView
          parts={parts}
          caption={caption}
          terms={terms}
          onOpen={setViewing}
          sort={sort}
          onSort={onSort}
          selection={selection}
        />
      )}
      {viewing && (
        <Suspense fallback={null}>
          <ImageLightbox slides={slidesOf(viewing)} onClose={() => setViewing(null)} />
        </Suspense>
      )}
    </>
  );
}
