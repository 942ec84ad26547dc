// The part forms' contract schemas, in a module of their own that the add and edit forms load on
// first use (edit-resolver.ts): zod is then not among the scripts their screens wait for.
export { PartInputSchema, PartPatchSchema } from '@magazzino/contract';
