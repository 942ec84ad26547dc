import { lazy, Suspense, useState } from 'react';
import type { Vehicle } from '@magazzino/contract';
import { vehicles as t } from '../../../i18n/vehicles';
import { photoSrcSet, previewUrlOf } from '../../../lib/media-urls';
import './vehicles.css';

// The viewer is fetched on the first click: the page itself never pays for it.
const ImageLightbox = lazy(() => import('../../../components/ImageLightbox'));

/**
 * A vehicle's photos: the cover large, the others as thumbnails under it; any of them opens the
 * whole set in the viewer at that photo (arrows and swipes move through them, Escape closes).
 */
export function VehicleGallery({ vehicle }: { vehicle: Vehicle }) {
  const [viewing, setViewing] = useState<number | null>(null);
  const total = vehicle.immagini.length;
  if (total === 0) return <p className="text-body-secondary mb-0">{t.page.noPhotos}</p>;
  return (
    <>
      <div className="vehicle-gallery">
        {vehicle.immagini.map((url, index) => {
          const thumb = vehicle.miniature[index] ?? url;
          const cover = index === 0;
          return (
            <button
              key={url}
              type="button"
              className="btn p-0 border-0 vehicle-gallery-button"
              aria-label={t.page.enlarge(index + 1, total)}
              onClick={() => setViewing(index)}
            >
              <img
                src={cover ? (previewUrlOf(url) ?? url) : thumb}
                srcSet={cover ? photoSrcSet(url, thumb) : undefined}
                sizes={cover ? '(min-width: 768px) 400px, 100vw' : undefined}
                alt=""
                width={cover ? 400 : 120}
                height={cover ? 300 : 90}
                className="rounded"
                decoding="async"
              />
            </button>
          );
        })}
      </div>
      {viewing !== null && (
        <Suspense fallback={null}>
          <ImageLightbox
            slides={vehicle.immagini.map((src, index) => ({
              src,
              alt: t.page.photoOf(vehicle.targa, index + 1),
            }))}
            index={viewing}
            onClose={() => setViewing(null)}
          />
        </Suspense>
      )}
    </>
  );
}
