import type { Part } from '@magazzino/contract';
import { parts as t } from '../../../i18n/parts';

interface PartThumbnailProps {
  part: Part;
  /** Opens the full image. */
  onOpen?: (part: Part) => void;
}

/** The 120 px thumbnail (never the full image) as a button opening the lightbox; a neutral box without a photo. */
export function PartThumbnail({ part, onOpen }: PartThumbnailProps) {
  const thumbnail = part.urlMiniatura ?? null;
  if (thumbnail === null) {
    return <div className="parts-thumb parts-thumb-empty text-body-secondary small">{t.table.noPhoto}</div>;
  }
  const image = (
    <img
      src={thumbnail}
      alt={onOpen ? '' : t.table.photoOf(part.nome)}
      width={120}
      loading="lazy"
      decoding="async"
      className="parts-thumb rounded"
    />
  );
  if (!onOpen) return image;
  return (
    <button
      type="button"
      className="btn p-0 border-0 parts-thumb-button"
      aria-label={t.table.enlargePhoto(part.nome)}
      onClick={() => onOpen(part)}
    >
      {image}
    </button>
  );
}
