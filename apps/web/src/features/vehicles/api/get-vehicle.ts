import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Vehicle } from '@magazzino/contract';
import { apiRequest } from '../../../lib/api-client';
import { vehicleKeys } from './query-keys';

/** A vehicle with the ETag of its version (sent back as If-Match by the edit form). */
export interface VersionedVehicle {
  vehicle: Vehicle;
  etag: string | null;
}

/** GET /api/veicoli/:id */
export async function getVehicle(id: string, signal?: AbortSignal): Promise<VersionedVehicle> {
  const response = await apiRequest(`/api/veicoli/${encodeURIComponent(id)}`, { signal });
  return { vehicle: (await response.json()) as Vehicle, etag: response.headers.get('etag') };
}

/** Query of one vehicle. */
export function vehicleQueryOptions(id: string) {
  return queryOptions({ queryKey: vehicleKeys.detail(id), queryFn: ({ signal }) => getVehicle(id, signal) });
}

/** One vehicle by id (the id comes from the URL). */
export function useVehicle(id: string) {
  return useQuery(vehicleQueryOptions(id));
}
