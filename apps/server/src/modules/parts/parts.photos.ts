import type { PartPatch } from '@magazzino/contract';
import { errors } from '../../lib/errors.js';

/**
 * The photos of a part after a patch (docs/product.md, "Photos"): `immagini` replaces the list;
 * `urlImmagine` alone replaces the cover only (null removes it and the next photo becomes the
 * cover; a photo already further down the list moves up instead of appearing twice); neither
 * leaves them. Both given, `urlImmagine` must be the first of `immagini` (400 naming it).
 */
export function patchedPhotos(
  current: readonly string[],
  patch: Pick<PartPatch, 'urlImmagine' | 'immagini'>,
): string[] {
  const { urlImmagine, immagini } = patch;
  if (immagini !== undefined) {
    if (urlImmagine !== undefined && urlImmagine !== (immagini[0] ?? null)) {
      throw errors.validation({
        urlImmagine: 'La copertina (urlImmagine) deve essere la prima foto di immagini',
      });
    }
    return immagini;
  }
  if (urlImmagine === undefined) return [...current];
  const rest = current.slice(1).filter((url) => url !== urlImmagine);
  return urlImmagine === null ? rest : [urlImmagine, ...rest];
}
