import { useRef } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ACCEPTED_IMAGE_TYPES } from '@magazzino/contract';
import { vehicles as t } from '../../../i18n/vehicles';
import { MAX_VEHICLE_PHOTOS, type VehiclePhotos } from './use-vehicle-photos';
import './vehicles.css';

interface VehiclePhotosFieldProps {
  photos: VehiclePhotos;
  /** The picker's id (the form points at it when a photo stops the save). */
  pickerId: string;
}

/**
 * The photos of a vehicle form: a picker taking several files (each uploaded at once, with its
 * progress), then the photos in order, the first marked 'Copertina'; each can be removed or made
 * the cover, a refused one retried. Full at 12: the picker says so and is disabled.
 */
export function VehiclePhotosField({ photos, pickerId }: VehiclePhotosFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const full = photos.room <= 0;
  return (
    <div>
      <Form.Group controlId={pickerId} className="mb-3">
        <Form.Label>{t.photos.label}</Form.Label>
        <Form.Control
          ref={input}
          type="file"
          multiple
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          disabled={full}
          aria-describedby={`${pickerId}-help`}
          onChange={(event) => {
            const files = Array.from((event.target as HTMLInputElement).files ?? []);
            photos.add(files);
            // The same file may be chosen again after a removal.
            if (input.current) input.current.value = '';
          }}
        />
        <Form.Text id={`${pickerId}-help`}>
          {full ? t.photos.full(MAX_VEHICLE_PHOTOS) : t.photos.help(MAX_VEHICLE_PHOTOS)}
        </Form.Text>
      </Form.Group>
      {photos.photos.length > 0 && (
        <ol className="vehicle-photo-grid list-unstyled" aria-label={t.photos.list}>
          {photos.photos.map((photo, index) => {
            const n = index + 1;
            return (
              <li key={photo.key} className="vehicle-photo-item card">
                <div className="vehicle-photo-frame">
                  {photo.thumb ? (
                    <img src={photo.thumb} alt={t.photos.photo(n)} className="vehicle-photo-image" />
                  ) : (
                    <span className="small text-body-secondary">{photo.name}</span>
                  )}
                  {index === 0 && (
                    <Badge bg="primary" className="vehicle-photo-cover">
                      {t.photos.cover}
                    </Badge>
                  )}
                </div>
                <div className="card-body p-2">
                  {photo.status === 'uploading' && (
                    <div
                      className="progress mb-2"
                      role="progressbar"
                      aria-label={t.photos.progress(n)}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={photo.progress}
                    >
                      <div className="progress-bar" style={{ width: `${photo.progress}%` }} />
                    </div>
                  )}
                  {photo.status === 'failed' && (
                    <p className="text-danger-emphasis small mb-2" role="alert">
                      {t.photos.failed(photo.name, photo.error ?? t.networkError)}
                    </p>
                  )}
                  <div className="d-flex flex-wrap gap-1">
                    {photo.status === 'failed' && (
                      <Button size="sm" variant="secondary" onClick={() => photos.retry(photo.key)}>
                        <span aria-hidden="true">↻</span>
                        <span className="visually-hidden">{t.photos.retry(n)}</span>
                      </Button>
                    )}
                    {index > 0 && photo.status === 'ready' && (
                      <Button
                        size="sm"
                        variant="soft-secondary"
                        onClick={() => photos.makeCover(photo.key)}
                        aria-label={t.photos.makeCover(n)}
                      >
                        {t.photos.cover}
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="outline-danger"
                      onClick={() => photos.remove(photo.key)}
                      aria-label={t.photos.remove(n)}
                    >
                      ✕
                    </Button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
