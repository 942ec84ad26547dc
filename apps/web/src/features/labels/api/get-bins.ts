import { queryOptions, useQuery } from '@tanstack/react-query';
import { BIN_SEGMENTS, type LocationList } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { labelKeys } from './query-keys';

/** The bins of a location for their labels (each its four segments), and whether the server stopped early. */
export interface LocationBins {
  bins: string[][];
  truncated: boolean;
}

/**
 * The bins holding parts under the leading segments of a location: GET /api/ubicazioni with the
 * scaffale (campata, ripiano) and the status of the parts counted ('' for those in stock); the
 * exact place (all four segments) is that one bin, asked of nobody.
 */
export async function getBins(
  segments: readonly string[],
  stato: string,
  signal?: AbortSignal,
): Promise<LocationBins> {
  if (segments.length >= BIN_SEGMENTS.length)
    return { bins: [segments.slice(0, BIN_SEGMENTS.length)], truncated: false };
  const search = new URLSearchParams();
  segments.forEach((segment, index) => {
    const name = BIN_SEGMENTS[index];
    if (name) search.set(name, segment);
  });
  if (stato !== '') search.set('stato', stato);
  const list = await apiJson<LocationList>(`/api/ubicazioni?${search.toString()}`, { signal });
  return {
    bins: list.ubicazioni.map((bin) => BIN_SEGMENTS.map((name) => bin[name])),
    truncated: list.troncato,
  };
}

/** Query of the bins under a location. */
export function binsQueryOptions(segments: readonly string[], stato: string) {
  return queryOptions({
    queryKey: labelKeys.bins(segments, stato),
    queryFn: ({ signal }) => getBins(segments, stato, signal),
  });
}

/** The bins under a location for their labels (idle without a scaffale). */
export function useBins(segments: readonly string[], stato: string, enabled: boolean) {
  return useQuery({ ...binsQueryOptions(segments, stato), enabled: enabled && segments.length > 0 });
}
