import { queryOptions, useQuery } from '@tanstack/react-query';
import { LOCATION_FIELDS, type Location, type Part } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { partKeys } from './query-keys';

/** GET /api/componenti/magazzino/:scaffale/:campata/:ripiano/:cassetta (each segment encoded). */
export function getLocationParts(location: Location, signal?: AbortSignal): Promise<Part[]> {
  const path = LOCATION_FIELDS.map((name) => encodeURIComponent(location[name])).join('/');
  return apiJson<Part[]>(`/api/componenti/magazzino/${path}`, { signal });
}

/** Query of the parts at one location. */
export function locationPartsQueryOptions(location: Location) {
  return queryOptions({
    queryKey: partKeys.location(location),
    queryFn: ({ signal }) => getLocationParts(location, signal),
  });
}

/** The parts stored at a location; idle until a location is given. */
export function useLocationParts(location: Location | null) {
  return useQuery({
    ...locationPartsQueryOptions(location ?? { scaffale: '', campata: '', ripiano: '', cassetta: '' }),
    enabled: location !== null,
  });
}
