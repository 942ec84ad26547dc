import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS, type Part } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { labelKeys } from './query-keys';

/** Most labels a location's parts make at once: 42 A4 sheets. */
export const LOCATION_LABELS_MAX = 1000;

/** The parts of a location for its labels, and whether there were more than LOCATION_LABELS_MAX. */
export interface LocationParts {
  parts: Part[];
  truncated: boolean;
}

/**
 * Every part under the leading segments of a location (1 to 4), sorted by location, read page by
 * page from GET /api/componenti/magazzino/:scaffale[/...] (100 at a time) up to LOCATION_LABELS_MAX.
 * `stato` as the lookup sends it ('' for the parts in stock).
 */
export async function getLocationParts(
  segments: readonly string[],
  stato: string,
  signal?: AbortSignal,
): Promise<LocationParts> {
  const path = segments.map((segment) => encodeURIComponent(segment)).join('/');
  const limit = LIMITS.pageSizeMax;
  const parts: Part[] = [];
  for (;;) {
    const search = new URLSearchParams({
      limit: String(limit),
      offset: String(parts.length),
      sort: 'ubicazione',
    });
    if (stato !== '') search.set('stato', stato);
    const page = await apiJson<Part[]>(`/api/componenti/magazzino/${path}?${search.toString()}`, { signal });
    parts.push(...page);
    if (parts.length > LOCATION_LABELS_MAX)
      return { parts: parts.slice(0, LOCATION_LABELS_MAX), truncated: true };
    if (page.length < limit) return { parts, truncated: false };
  }
}

/** Query of a location's parts for their labels. */
export function locationPartsQueryOptions(segments: readonly string[], stato: string) {
  return queryOptions({
    queryKey: labelKeys.locationParts(segments, stato),
    queryFn: ({ signal }) => getLocationParts(segments, stato, signal),
  });
}

/** A location's parts for their labels (idle without a scaffale). */
export function useLocationParts(segments: readonly string[], stato: string, enabled: boolean) {
  return useQuery({ ...locationPartsQueryOptions(segments, stato), enabled: enabled && segments.length > 0 });
}
