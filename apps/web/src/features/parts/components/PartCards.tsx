import { Link } from 'react-router';
import type { Part } from '@magazzino/contract';
import { labels as labelTexts } from '../../../i18n/labels';
import { parts as t } from '../../../i18n/parts';
import { paths } from '../../../lib/paths';
import { listedEtag } from '../api/change-status';
import { EmptyValue } from './EmptyValue';
import { formatPrezzo } from './format';
import { Highlight } from './Highlight';
import type { ColumnTerms } from './highlight';
import { ManageLinks } from './ManageLinks';
import { PartCode } from './PartCode';
import { PartLocation } from './PartLocation';
import { PartThumbnail } from './PartThumbnail';
import { useFromHere } from './return-flow';
import { StatusActions } from './StatusActions';
import { StatusBadge } from './StatusBadge';
import { SelectCheckbox } from './SelectCheckbox';
import type { PartSelection } from './use-part-selection';

interface PartCardsProps {
  parts: Part[];
  caption: string;
  terms: ColumnTerms;
  onOpen: (part: Part) => void;
  /** Rows chosen for labels: a checkbox on each card. */
  selection?: PartSelection | undefined;
}

/**
 * The parts on a phone: one compact card each (about 130 px): the photo, the name (a link to the
 * part's page), its status and price with 'marca modello anno', where it is and its code, then the
 * manage buttons with the status menu, finger-sized. Everything else is on the part's page.
 */
export function PartCards({ parts, caption, terms, onOpen, selection }: PartCardsProps) {
  const from = useFromHere();
  return (
    <ul className="list-unstyled parts-cards mb-3" aria-label={caption}>
      {parts.map((part) => (
        <li key={part._id} className="card parts-card">
          <div className="parts-card-main">
            <PartThumbnail part={part} onOpen={onOpen} size="small" />
            <div className="parts-card-text">
              <h2 className="parts-card-title">
                <Link to={paths.part.getHref(part._id)} state={from}>
                  <Highlight text={part.nome} terms={terms.nome} />
                </Link>
              </h2>
              <p className="parts-card-line">
                <StatusBadge part={part} until="title" />{' '}
                {part.prezzo !== null && <span className="fw-semibold">{formatPrezzo(part.prezzo)} </span>}
                <Highlight text={part.marca} terms={terms.marca} />{' '}
                <Highlight text={part.modello} terms={terms.modello} />{' '}
                <Highlight text={part.annoImmatricolazione} terms={terms.any} />
              </p>
              <p className="parts-card-line text-body-secondary">
                <PartCode code={part.codiceRicambio} inline />
                <span aria-hidden="true"> · </span>
                <PartLocation location={part} terms={terms.any} />
                <span aria-hidden="true"> · </span>
                <span className="text-nowrap">
                  {t.table.codePrefix}{' '}
                  {part.codice === null ? (
                    <EmptyValue />
                  ) : (
                    <Highlight text={part.codice} terms={terms.any} lettersAndDigitsOnly />
                  )}
                </span>
              </p>
            </div>
            {selection && (
              <SelectCheckbox
                className="parts-card-select"
                label={labelTexts.select.row(part.nome)}
                checked={selection.has(part._id)}
                onChange={(checked) => selection.set([part._id], checked)}
              />
            )}
          </div>
          <ManageLinks
            part={part}
            variant="card"
            extra={<StatusActions part={part} etag={listedEtag(part)} variant="card" />}
          />
        </li>
      ))}
    </ul>
  );
}
