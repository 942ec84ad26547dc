import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ALL_STATUSES, type Part } from '@magazzino/contract';
import { apiRequest } from '../../../lib/api-client';
import { vehicleKeys, type VehiclePartsParams } from './query-keys';

/** One page of a vehicle's parts and how many it has in all (X-Total-Count). */
export interface VehiclePartsPage {
  parts: Part[];
  total: number;
}

/**
 * GET /api/componenti?veicolo=<id>: the parts taken from the vehicle, whatever their status (a
 * sold one came from it too), newest first.
 */
export async function getVehicleParts(
  id: string,
  { limit, offset }: VehiclePartsParams,
  signal?: AbortSignal,
): Promise<VehiclePartsPage> {
  const search = new URLSearchParams({
    veicolo: id,
    stato: ALL_STATUSES,
    limit: String(limit),
    offset: String(offset),
  });
  const response = await apiRequest(`/api/componenti?${search.toString()}`, { signal });
  const parts = (await response.json()) as Part[];
  const header = Number(response.headers.get('x-total-count'));
  const total =
    response.headers.has('x-total-count') && Number.isFinite(header) ? header : offset + parts.length;
  return { parts, total };
}

/** Query of one page of a vehicle's parts. */
export function vehiclePartsQueryOptions(id: string, params: VehiclePartsParams) {
  return queryOptions({
    queryKey: vehicleKeys.parts(id, params),
    queryFn: ({ signal }) => getVehicleParts(id, params, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of the parts taken from a vehicle. */
export function useVehicleParts(id: string, params: VehiclePartsParams) {
  return useQuery(vehiclePartsQueryOptions(id, params));
}
