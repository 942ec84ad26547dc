import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Part } from '@magazzino/contract';
import { apiRequest } from '../../../lib/api-client';
import { partKeys } from './query-keys';

/** A part with the ETag of the version read (sent back as If-Match when saving). */
export interface VersionedPart {
  part: Part;
  etag: string | null;
}

/** GET /api/componenti/:id */
export async function getPart(id: string, signal?: AbortSignal): Promise<VersionedPart> {
  const response = await apiRequest(`/api/componenti/${encodeURIComponent(id)}`, { signal });
  return { part: (await response.json()) as Part, etag: response.headers.get('etag') };
}

/**
 * Query of one part. It is not refreshed behind the user's back on focus: the form shows, and the
 * save checks against, the version the user opened.
 */
export function partQueryOptions(id: string) {
  return queryOptions({
    queryKey: partKeys.detail(id),
    queryFn: ({ signal }) => getPart(id, signal),
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** One part by id, with its ETag (not asked for while `enabled` is false). */
export function usePart(id: string, enabled = true) {
  return useQuery({ ...partQueryOptions(id), enabled });
}
