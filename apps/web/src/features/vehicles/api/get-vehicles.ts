import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Vehicle } from '@magazzino/contract';
import { apiRequest } from '../../../lib/api-client';
import { vehicleKeys, type VehiclesListParams } from './query-keys';

/** One page of vehicles and the number of all matches (X-Total-Count). */
export interface VehiclesPage {
  vehicles: Vehicle[];
  total: number;
}

const FILTERS = ['targa', 'telaio', 'marca', 'modello'] as const;

/** GET /api/veicoli with the filters (empty ones left out) and paging; newest entry first. */
export async function getVehicles(params: VehiclesListParams, signal?: AbortSignal): Promise<VehiclesPage> {
  const search = new URLSearchParams();
  for (const key of FILTERS) {
    const value = params[key].trim();
    if (value !== '') search.set(key, value);
  }
  search.set('limit', String(params.limit));
  search.set('offset', String(params.offset));
  const response = await apiRequest(`/api/veicoli?${search.toString()}`, { signal });
  const vehicles = (await response.json()) as Vehicle[];
  const header = Number(response.headers.get('x-total-count'));
  // Without the header (a proxy that drops it), at least what was seen is known to exist.
  const total =
    response.headers.has('x-total-count') && Number.isFinite(header)
      ? header
      : params.offset + vehicles.length;
  return { vehicles, total };
}

/** Query of one page of the list; the previous page stays on screen while the next one loads. */
export function vehiclesQueryOptions(params: VehiclesListParams) {
  return queryOptions({
    queryKey: vehicleKeys.list(params),
    queryFn: ({ signal }) => getVehicles(params, signal),
    placeholderData: keepPreviousData,
    // Each vehicle's parts count changes with the parts saved elsewhere (another feature's
    // mutations, which do not know this key): asked again whenever the list is shown.
    staleTime: 0,
  });
}

/** One page of the filtered vehicles list. */
export function useVehicles(params: VehiclesListParams) {
  return useQuery(vehiclesQueryOptions(params));
}
