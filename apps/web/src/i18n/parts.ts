/** Italian texts of the parts screens. */
export const parts = {} as const;
