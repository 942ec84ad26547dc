import type { Location } from '@magazzino/contract';
import { locationSegments, locationWords } from './format';
import { Highlight } from './Highlight';

/** Up to this many characters the location stays on one line whatever the column's width. */
const ONE_LINE_MAX = 24;

interface PartLocationProps {
  location: Location;
  /** Words of the search to mark. */
  terms?: readonly string[];
}

/**
 * Where a part is, on one line: 'G · 2 · 3 · 12'. Screen readers hear it in words instead
 * ('Scaffale G, campata 2, ripiano 3, cassetta 12'); unusually long segments may wrap.
 */
export function PartLocation({ location, terms = [] }: PartLocationProps) {
  const segments = locationSegments(location);
  const oneLine = segments.join(' · ').length <= ONE_LINE_MAX;
  return (
    <span className={`parts-location${oneLine ? ' text-nowrap' : ''}`}>
      <span aria-hidden="true">
        {segments.map((segment, index) => (
          <span key={index}>
            {index > 0 && <span className="parts-location-dot"> · </span>}
            <Highlight text={segment} terms={terms} />
          </span>
        ))}
      </span>
      <span className="visually-hidden">{locationWords(location)}</span>
    </span>
  );
}
