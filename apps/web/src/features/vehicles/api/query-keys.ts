/** The list's filters as kept in the URL (raw text, trimmed when sent). */
export interface VehiclesListFilter {
  targa: string;
  telaio: string;
  marca: string;
  modello: string;
}

/** Filters and paging of the vehicles list, as sent to GET /api/veicoli. */
export interface VehiclesListParams extends VehiclesListFilter {
  limit: number;
  offset: number;
}

/** Paging of a vehicle's parts (GET /api/componenti?veicolo=<id>). */
export interface VehiclePartsParams {
  limit: number;
  offset: number;
}

/**
 * Query keys of the vehicles feature. Everything starts with 'vehicles', so a change to any
 * vehicle refreshes every list and detail at once. A vehicle's parts live under 'parts' too
 * (the parts feature's key prefix), so a part saved elsewhere refreshes them as well.
 */
export const vehicleKeys = {
  all: ['vehicles'] as const,
  list: (params: VehiclesListParams) => ['vehicles', 'list', params] as const,
  detail: (id: string) => ['vehicles', 'detail', id] as const,
  parts: (id: string, params: VehiclePartsParams) => ['parts', 'vehicle', id, params] as const,
};
