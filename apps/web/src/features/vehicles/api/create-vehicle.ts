import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vehicle, VehicleInput } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { vehicleKeys } from './query-keys';

/** POST /api/veicoli; resolves once the server confirmed (201). */
export function createVehicle(input: VehicleInput): Promise<Vehicle> {
  return apiJson<Vehicle>('/api/veicoli', { method: 'POST', json: input });
}

/** Registers a vehicle and refreshes every vehicles list. */
export function useCreateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVehicle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vehicleKeys.all }),
  });
}
