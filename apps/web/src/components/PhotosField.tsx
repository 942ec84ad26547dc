import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ACCEPTED_IMAGE_TYPES } from '@magazzino/contract';
import { photos as t } from '../i18n/photos';
import { LineIcon } from './LineIcon';
import { useMediaQuery } from '../lib/use-media-query';
import { MAX_PHOTOS, type Photo, type Photos } from '../lib/use-photos';
import './photos-field.css';

/** Pictograms of the pickers (a camera, a picture). */
const CAMERA_ICON =
  'M23 19a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4l2-3h6l2 3h4a2 2 0 0 1 2 2zM12 17a4 4 0 1 0 0-8 4 4 0 0 0 0 8z';
const GALLERY_ICON =
  'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM8.5 10a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM21 15l-5-5L5 21';

/** A phone or tablet, whose file picker can open the camera. */
const TOUCH = '(pointer: coarse)';

interface PhotosFieldProps {
  photos: Photos;
  /** What the photos are ('Foto del componente'). */
  label: string;
  /** The gallery picker's id (the form points at it when a photo stops the save). */
  pickerId: string;
}

type MoveAction = 'earlier' | 'later' | 'cover';

/**
 * The photos of a form. On a phone 'Scatta foto' opens the camera (one shot; the picker is
 * emptied, so several shots follow in a row without leaving the form) beside 'Scegli dalle foto'
 * (the gallery, several at once). Each photo is made smaller and uploaded at once with its own
 * progress bar; the grid shows them in order, the first marked 'Copertina'. Each can be moved
 * earlier or later, made the cover, removed, or retried after a failure; the focus follows a
 * moved photo and screen readers hear where it went. Full at 12: the pickers say so.
 */
export function PhotosField({ photos, label, pickerId }: PhotosFieldProps) {
  const camera = useMediaQuery(TOUCH);
  const full = photos.room <= 0;
  const labelId = `${pickerId}-label`;
  const helpId = `${pickerId}-help`;
  const grid = useRef<HTMLOListElement>(null);
  // After a move, the button pressed (or its neighbour) on the photo's new place keeps the focus.
  const moving = useRef<{ key: string; action: MoveAction } | null>(null);
  const [said, setSaid] = useState('');

  useEffect(() => {
    const moved = moving.current;
    if (!moved || !grid.current) return;
    moving.current = null;
    const item = grid.current.querySelector<HTMLElement>(`[data-photo="${moved.key}"]`);
    const order: MoveAction[] =
      moved.action === 'later' ? ['later', 'earlier', 'cover'] : ['earlier', 'later', 'cover'];
    const target = order
      .map((action) => item?.querySelector<HTMLButtonElement>(`[data-action="${action}"]:not(:disabled)`))
      .find(Boolean);
    target?.focus();
  }, [photos.photos]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    photos.add(Array.from(event.target.files ?? []));
    // The same file (or the next shot) may be chosen again straight away.
    event.target.value = '';
  };

  const move = (photo: Photo, index: number, action: MoveAction) => {
    const total = photos.photos.length;
    const to = action === 'cover' ? 0 : action === 'earlier' ? index - 1 : index + 1;
    if (action === 'cover') photos.makeCover(photo.key);
    else if (action === 'earlier') photos.moveUp(photo.key);
    else photos.moveDown(photo.key);
    moving.current = { key: photo.key, action };
    setSaid(t.movedTo(Math.max(0, Math.min(total - 1, to)) + 1, total));
  };

  return (
    <div>
      <p id={labelId} className="form-label mb-2">
        {label}
      </p>
      <div className="d-flex flex-wrap gap-2 mb-1">
        {camera && (
          <>
            <input
              id={`${pickerId}-camera`}
              type="file"
              accept="image/*"
              capture="environment"
              className="visually-hidden photos-input"
              disabled={full}
              aria-describedby={`${labelId} ${helpId}`}
              onChange={choose}
            />
            <label htmlFor={`${pickerId}-camera`} className="btn btn-primary photos-picker">
              <LineIcon path={CAMERA_ICON} />
              {t.camera}
            </label>
          </>
        )}
        <input
          id={pickerId}
          type="file"
          multiple
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          className="visually-hidden photos-input"
          disabled={full}
          aria-describedby={`${labelId} ${helpId}`}
          onChange={choose}
        />
        <label
          htmlFor={pickerId}
          className={`btn ${camera ? 'btn-soft-primary' : 'btn-secondary'} photos-picker`}
        >
          <LineIcon path={GALLERY_ICON} />
          {t.gallery}
        </label>
      </div>
      <Form.Text id={helpId} className="d-block mb-3">
        {full ? t.full(MAX_PHOTOS) : t.help(MAX_PHOTOS)}
      </Form.Text>
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
      {photos.photos.length > 0 && (
        <ol ref={grid} className="photos-grid list-unstyled" aria-label={t.list}>
          {photos.photos.map((photo, index) => (
            <PhotoItem
              key={photo.key}
              photo={photo}
              index={index}
              total={photos.photos.length}
              onMove={(action) => move(photo, index, action)}
              onRetry={() => photos.retry(photo.key)}
              onRemove={() => photos.remove(photo.key)}
            />
          ))}
        </ol>
      )}
    </div>
  );
}

interface PhotoItemProps {
  photo: Photo;
  index: number;
  total: number;
  onMove: (action: MoveAction) => void;
  onRetry: () => void;
  onRemove: () => void;
}

/** One photo of the grid: the picture, its progress or failure, and its buttons. */
function PhotoItem({ photo, index, total, onMove, onRetry, onRemove }: PhotoItemProps) {
  const n = index + 1;
  return (
    <li className="photos-item card" data-photo={photo.key}>
      <div className="photos-frame">
        {photo.thumb ? (
          <img src={photo.thumb} alt={t.photo(n)} className="photos-image" decoding="async" />
        ) : (
          <span className="small text-body-secondary p-2">{photo.name}</span>
        )}
        {index === 0 && (
          <Badge bg="primary" className="photos-cover">
            {t.cover}
          </Badge>
        )}
      </div>
      <div className="card-body p-2">
        {photo.status === 'uploading' && (
          <div className="mb-2">
            <div
              className="progress"
              role="progressbar"
              aria-label={t.progress(n)}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={photo.progress}
              aria-valuetext={photo.progress === 0 ? t.preparing : `${photo.progress}%`}
            >
              <div className="progress-bar" style={{ width: `${photo.progress}%` }} />
            </div>
            <p className="small text-body-secondary mb-0 mt-1" aria-hidden="true">
              {photo.progress === 0 ? t.preparing : `${photo.progress}%`}
            </p>
          </div>
        )}
        {photo.status === 'failed' && (
          <p className="text-danger-emphasis small mb-2" role="alert">
            {t.failed(photo.name, photo.error ?? t.networkError)}
          </p>
        )}
        <div className="d-flex flex-wrap gap-1">
          <Button
            size="sm"
            variant="outline-secondary"
            data-action="earlier"
            disabled={index === 0}
            onClick={() => onMove('earlier')}
            aria-label={t.moveEarlier(n)}
          >
            <span aria-hidden="true">←</span>
          </Button>
          <Button
            size="sm"
            variant="outline-secondary"
            data-action="later"
            disabled={index === total - 1}
            onClick={() => onMove('later')}
            aria-label={t.moveLater(n)}
          >
            <span aria-hidden="true">→</span>
          </Button>
          {index > 0 && (
            <Button
              size="sm"
              variant="soft-secondary"
              data-action="cover"
              onClick={() => onMove('cover')}
              aria-label={t.makeCover(n)}
            >
              {t.cover}
            </Button>
          )}
          {photo.status === 'failed' && photo.file && (
            <Button size="sm" variant="secondary" onClick={onRetry} aria-label={t.retry(n)}>
              <span aria-hidden="true">↻</span>
            </Button>
          )}
          <Button size="sm" variant="outline-danger" onClick={onRemove} aria-label={t.remove(n)}>
            <span aria-hidden="true">✕</span>
          </Button>
        </div>
      </div>
    </li>
  );
}
