import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  fieldsOfGroup,
  PART_FIELD_SPECS,
  type Fitment,
  type Part,
  type PartField,
} from '@magazzino/contract';
import { parts as t } from '../../../i18n/parts';
import { photoSrcSet, previewUrlOf } from '../../../lib/media-urls';
import { paths } from '../../../lib/paths';
import { EmptyValue } from './EmptyValue';
import { donorLine } from './LinkedVehicle';
import {
  codeSearchUrl,
  formatPeso,
  formatPrezzo,
  formatWhen,
  locationLine,
  locationWords,
  orDash,
} from './format';
import './parts.css';

const ImageLightbox = lazy(() => import('../../../components/ImageLightbox'));

/** How a field reads on the page: its label, and its value ('—' when left empty). */
const LABELS: Partial<Record<PartField, string>> = {
  peso: t.table.columns.peso,
  prezzo: t.table.columns.prezzo,
};

function valueOf(part: Part, field: PartField): ReactNode {
  const value: unknown = part[field];
  if (value === null || (typeof value === 'string' && value.trim() === '')) return <EmptyValue />;
  if (field === 'peso' && typeof value === 'number') return formatPeso(value);
  if (field === 'prezzo' && typeof value === 'number') return formatPrezzo(value);
  return orDash(typeof value === 'string' || typeof value === 'number' ? value : null);
}

/** One group of fields as a description list. */
function FieldList({ part, fields }: { part: Part; fields: PartField[] }) {
  return (
    <dl className="row mb-0 part-fields">
      {fields.map((field) => (
        <div key={field} className="col-12 col-sm-6 part-field">
          <dt className="small text-body-secondary fw-normal">
            {LABELS[field] ?? PART_FIELD_SPECS[field].label}
          </dt>
          <dd className={field === 'descrizione' ? 'part-field-long' : ''}>
            {field === 'codice' && part.codice !== null ? (
              <a href={codeSearchUrl(part.codice)} target="_blank" rel="noopener noreferrer">
                {part.codice}
                <span className="visually-hidden"> ({t.table.searchCode(part.codice)})</span>
              </a>
            ) : (
              valueOf(part, field)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A fitment entry in words: 'Fiat Punto 1.2 8V, 2003–2010'. */
function fitmentText(entry: Fitment): string {
  const name = [entry.marca, entry.modello, entry.versione].filter(Boolean).join(' ');
  const years = t.fitment.years(entry.annoDa, entry.annoA);
  return years === '' ? name : `${name}, ${years}`;
}

/** A titled block of the part's page. */
function Block({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card mb-3" aria-labelledby={id}>
      <div className="card-body">
        <h2 id={id} className="h5 card-title mb-3">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/**
 * A part's photos: the cover large, the others as thumbnails under it; any of them opens every
 * photo in the viewer at that one (arrows and swipes move through them, Escape closes).
 */
function PartGallery({ part }: { part: Part }) {
  const [viewing, setViewing] = useState<number | null>(null);
  const total = part.immagini.length;
  if (total === 0) return <p className="text-body-secondary mb-0">{t.part.noPhoto}</p>;
  return (
    <>
      <div className="part-gallery">
        {part.immagini.map((url, index) => {
          const thumb = part.miniature[index] ?? url;
          const cover = index === 0;
          return (
            <button
              key={url}
              type="button"
              className="btn p-0 border-0 parts-thumb-button part-gallery-button"
              aria-label={
                total === 1 ? t.part.enlarge(part.nome) : t.part.enlargeNth(index + 1, total, part.nome)
              }
              onClick={() => setViewing(index)}
            >
              <img
                src={cover ? (previewUrlOf(url) ?? thumb) : thumb}
                srcSet={cover ? photoSrcSet(url, thumb) : undefined}
                sizes={cover ? '240px' : undefined}
                alt=""
                width={cover ? 240 : 72}
                height={cover ? 180 : 54}
                className={cover ? 'part-photo rounded' : 'part-photo-small rounded'}
                decoding="async"
              />
            </button>
          );
        })}
      </div>
      {viewing !== null && (
        <Suspense fallback={null}>
          <ImageLightbox
            slides={part.immagini.map((src, index) => ({
              src,
              alt: total === 1 ? t.table.photoOf(part.nome) : t.table.photoNth(part.nome, index + 1, total),
            }))}
            index={viewing}
            onClose={() => setViewing(null)}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * Everything about one part, read-only: its photos (opening them in the viewer), where it is (on
 * one line and in words), the part and vehicle fields, and when it was added and changed.
 */
export function PartDetails({ part }: { part: Part }) {
  return (
    <div className="row g-3">
      <div className="col-12 col-md-5 col-lg-4">
        <Block id="part-photo" title={t.part.photo}>
          <PartGallery part={part} />
        </Block>
        <Block id="part-where" title={t.part.groups.ubicazione}>
          <p className="part-location-line mb-1" aria-hidden="true">
            {locationLine(part)}
          </p>
          <p className="mb-0">{locationWords(part)}</p>
        </Block>
      </div>
      <div className="col-12 col-md-7 col-lg-8">
        <Block id="part-componente" title={t.part.groups.componente}>
          <FieldList part={part} fields={fieldsOfGroup('componente')} />
        </Block>
        <Block id="part-veicolo" title={t.part.groups.veicolo}>
          {part.veicolo && (
            <p className="mb-3">
              <span className="fw-semibold">{t.donor.label}: </span>
              <Link to={paths.vehicle.getHref(part.veicolo._id)}>{donorLine(part.veicolo)}</Link>
            </p>
          )}
          <FieldList part={part} fields={fieldsOfGroup('veicolo')} />
        </Block>
        {part.compatibilita.length > 0 && (
          <Block id="part-compatibilita" title={t.fitment.title}>
            <ul className="mb-0">
              {part.compatibilita.map((entry, index) => (
                <li key={index}>{fitmentText(entry)}</li>
              ))}
            </ul>
          </Block>
        )}
        <Block id="part-registrazione" title={t.part.groups.registrazione}>
          <p className="mb-1">
            <time dateTime={part.createdAt}>{t.part.added(formatWhen(part.createdAt))}</time>
          </p>
          <p className="mb-0">
            <time dateTime={part.updatedAt}>{t.part.changed(formatWhen(part.updatedAt))}</time>
          </p>
        </Block>
      </div>
    </div>
  );
}
