/** Query keys of the labels feature: what a sheet shows is read fresh each time the page opens. */
export const labelKeys = {
  all: ['labels'] as const,
  partsByIds: (ids: readonly string[]) => ['labels', 'parts', 'ids', ids] as const,
  locationParts: (segments: readonly string[], stato: string) =>
    ['labels', 'parts', 'location', segments, stato] as const,
  bins: (segments: readonly string[], stato: string) => ['labels', 'bins', segments, stato] as const,
};
