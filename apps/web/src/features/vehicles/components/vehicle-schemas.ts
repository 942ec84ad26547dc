// The vehicle forms' contract schemas, in a module of their own that the add and edit forms load
// on first use (vehicle-form.ts): zod is then not among the scripts their screens wait for.
export { fieldErrors, VehicleInputSchema, VehiclePatchSchema } from '@magazzino/contract';
