import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vehicle, VehiclePatch } from '@magazzino/contract';
import { apiRequest } from '../../../lib/api-client';
import type { VersionedVehicle } from './get-vehicle';
import { vehicleKeys } from './query-keys';

export interface UpdateVehicleVariables {
  id: string;
  patch: VehiclePatch;
  /** ETag of the version edited: a stale one makes the server answer 412. */
  etag: string | null;
}

/** PATCH /api/veicoli/:id with If-Match. */
export async function updateVehicle({ id, patch, etag }: UpdateVehicleVariables): Promise<VersionedVehicle> {
  const response = await apiRequest(`/api/veicoli/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: patch,
    headers: etag === null ? {} : { 'if-match': etag },
  });
  return { vehicle: (await response.json()) as Vehicle, etag: response.headers.get('etag') };
}

/**
 * Saves changes to a vehicle: its page gets the saved version at once, every list is refreshed,
 * and so are the parts (their vehicle's summary may have changed).
 */
export function useUpdateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVehicle,
    onSuccess: async (saved, { id }) => {
      queryClient.setQueryData(vehicleKeys.detail(id), saved);
      await queryClient.invalidateQueries({
        queryKey: vehicleKeys.all,
        predicate: (query) => query.queryKey[1] !== 'detail',
      });
      await queryClient.invalidateQueries({ queryKey: ['parts'] });
    },
  });
}
