import { IDS_FILTER_MAX, LOCATION_FIELDS } from '@magazzino/contract';
import type { LabelsFormat } from '../../../lib/paths';

/** What the labels page was asked for, read from its URL (docs/product.md, "Labels"). */
export interface LabelRequest {
  /** 'componenti': a label per part; 'ubicazioni': a label per bin. */
  tipo: 'componenti' | 'ubicazioni';
  formato: LabelsFormat;
  /** Parts by id (`ids=a,b,c`, at most IDS_FILTER_MAX), or none. */
  ids: string[];
  /** The location's leading segments (`scaffale`, then `campata`, ...), or none. */
  segments: string[];
  /** The lookup's status filter, passed on ('' for the parts in stock). */
  stato: string;
}

/**
 * Reads the page's query: `tipo` (componenti unless 'ubicazioni'), `formato` (a4 unless 'rotolo'),
 * `ids` or the segments of a location (leading ones only: a segment after an empty one is ignored).
 * Bins come only from a location.
 */
export function readLabelRequest(search: URLSearchParams): LabelRequest {
  const segments: string[] = [];
  for (const name of LOCATION_FIELDS) {
    const value = (search.get(name) ?? '').trim();
    if (value === '') break;
    segments.push(value);
  }
  const ids = [
    ...new Set(
      (search.get('ids') ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    ),
  ].slice(0, IDS_FILTER_MAX);
  const tipo = search.get('tipo') === 'ubicazioni' && segments.length > 0 ? 'ubicazioni' : 'componenti';
  return {
    tipo,
    formato: search.get('formato') === 'rotolo' ? 'rotolo' : 'a4',
    ids: tipo === 'componenti' && segments.length === 0 ? ids : [],
    segments,
    stato: (search.get('stato') ?? '').trim(),
  };
}
