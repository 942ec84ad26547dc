/** Italian texts of the common screens. */
export const common = {} as const;
