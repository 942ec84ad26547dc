import { FUEL_LABELS, type Vehicle, type VehicleSummary } from '@magazzino/contract';
import { paths } from '../../../lib/paths';

/** A calendar day of the API ('2024-03-15') the Italian way ('15/03/2024'). */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return year && month && date ? `${date}/${month}/${year}` : day;
}

/** 'Fiat Punto 1.2 8V': what the vehicle is, without its year. */
export function vehicleName(vehicle: Pick<VehicleSummary, 'marca' | 'modello' | 'versione'>): string {
  return [vehicle.marca, vehicle.modello, vehicle.versione].filter(Boolean).join(' ');
}

/** The fuel as people read it ('Benzina'), or null. */
export function fuelLabel(vehicle: Pick<Vehicle, 'alimentazione'>): string | null {
  return vehicle.alimentazione ? FUEL_LABELS[vehicle.alimentazione] : null;
}

/** The add-part form, opened for a part taken from this vehicle (it fills in the vehicle's fields). */
export function addPartFromVehicleHref(id: string): string {
  return `${paths.addPart.getHref()}?${new URLSearchParams({ veicolo: id }).toString()}`;
}
