import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Vehicle } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { partKeys } from './query-keys';

/** GET /api/veicoli/:id: the vehicle a part is taken from (the add form fills its fields from it). */
export function getDonorVehicle(id: string, signal?: AbortSignal): Promise<Vehicle> {
  return apiJson<Vehicle>(`/api/veicoli/${encodeURIComponent(id)}`, { signal });
}

/** Query of a donor vehicle. */
export function donorVehicleQueryOptions(id: string) {
  return queryOptions({
    queryKey: partKeys.donor(id),
    queryFn: ({ signal }) => getDonorVehicle(id, signal),
    enabled: id !== '',
  });
}

/** The donor vehicle with this id; nothing is asked while the id is ''. */
export function useDonorVehicle(id: string) {
  return useQuery(donorVehicleQueryOptions(id));
}
