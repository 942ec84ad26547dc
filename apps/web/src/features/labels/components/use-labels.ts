import { useBins } from '../api/get-bins';
import { useLocationParts } from '../api/get-location-parts';
import { usePartsByIds } from '../api/get-parts-by-ids';
import type { LabelRequest } from './label-request';
import type { LabelPart } from './PartLabel';

/** What the labels page draws: parts or bins, or nothing asked for. */
export type LabelContent =
  | { kind: 'parts'; parts: LabelPart[]; missing: number; truncated: boolean }
  | { kind: 'bins'; bins: string[][]; truncated: boolean };

/** The state of reading what to label. */
export interface LabelsState {
  /** Neither ids nor a location in the URL. */
  nothingAsked: boolean;
  pending: boolean;
  error: Error | null;
  refetch: () => void;
  content: LabelContent | undefined;
}

/** Reads the parts (by id or under a location) or the bins of a request; only the one it needs. */
export function useLabels(request: LabelRequest): LabelsState {
  const byLocation = request.segments.length > 0;
  const byIds = usePartsByIds(request.ids);
  const locationParts = useLocationParts(request.segments, request.stato, request.tipo === 'componenti');
  const bins = useBins(request.segments, request.stato, request.tipo === 'ubicazioni');

  if (!byLocation && request.ids.length === 0) {
    return { nothingAsked: true, pending: false, error: null, refetch: () => {}, content: undefined };
  }
  if (request.tipo === 'ubicazioni') {
    return {
      nothingAsked: false,
      pending: bins.isPending,
      error: bins.error,
      refetch: () => void bins.refetch(),
      content: bins.data && { kind: 'bins', ...bins.data },
    };
  }
  if (byLocation) {
    return {
      nothingAsked: false,
      pending: locationParts.isPending,
      error: locationParts.error,
      refetch: () => void locationParts.refetch(),
      content: locationParts.data && { kind: 'parts', ...locationParts.data, missing: 0 },
    };
  }
  return {
    nothingAsked: false,
    pending: byIds.isPending,
    error: byIds.error,
    refetch: () => void byIds.refetch(),
    content: byIds.data && {
      kind: 'parts',
      parts: byIds.data,
      missing: request.ids.length - byIds.data.length,
      truncated: false,
    },
  };
}
