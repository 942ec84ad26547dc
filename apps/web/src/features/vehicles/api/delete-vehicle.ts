import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { vehicleKeys } from './query-keys';

/** DELETE /api/veicoli/:id; resolves on the server's 204 (a vehicle with parts: 409 VEHICLE_HAS_PARTS). */
export async function deleteVehicle(id: string): Promise<void> {
  await apiRequest(`/api/veicoli/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Deletes a vehicle; its page's entry is dropped (not refetched into a 404), the lists refreshed. */
export function useDeleteVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVehicle,
    onSuccess: async (_result, id) => {
      queryClient.removeQueries({ queryKey: vehicleKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
    },
  });
}
