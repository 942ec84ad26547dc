import type { Part } from '@magazzino/contract';
import { parts as t } from '../../../i18n/parts';

interface PartThumbnailProps {
  part: Part;
  /** Opens the full image. */
  onOpen?: (part: Part) => void;
  /**
   * 'small': a 64 px square (the lists: a row no taller than the photo needs); 'large': a 120 px
   * square holding the whole photo.
   */
  size?: 'small' | 'large';
}

/** The thumbnail (never the full image), as a button opening the lightbox; a neutral box without a photo. */
export function PartThumbnail({ part, onOpen, size = 'large' }: PartThumbnailProps) {
  const thumbnail = part.urlMiniatura ?? null;
  const sizeClass = size === 'small' ? 'parts-thumb-small' : '';
  if (thumbnail === null) {
    return (
      <div className={`parts-thumb parts-thumb-empty ${sizeClass} text-body-secondary small`}>
        {t.table.noPhoto}
      </div>
    );
  }
  const image = (
    <img
      src={thumbnail}
      alt={onOpen ? '' : t.table.photoOf(part.nome)}
      width={size === 'small' ? 64 : 120}
      height={size === 'small' ? 64 : 120}
      loading="lazy"
      decoding="async"
      className={`parts-thumb ${sizeClass} rounded`}
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
