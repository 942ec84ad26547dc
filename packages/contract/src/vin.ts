/**
 * Plates and VINs, without zod: the vehicle schemas (vehicle.ts), the web form and the tests use them.
 */
/** Characters of a VIN (ISO 3779). */
export const VIN_LENGTH = 17;

/** A plate as it is stored: spaces removed, upper case ('ab 123 cd' → 'AB123CD'). */
export function normaliseTarga(text: string): string {
  return text.replace(/\s+/gu, '').toUpperCase();
}

/** A VIN as it is stored: spaces and dashes removed, upper case. */
export function normaliseVin(text: string): string {
  return text.replace(/[\s-]+/gu, '').toUpperCase();
}

/** The 17 characters of a VIN: letters and digits, never I, O or Q (ISO 3779). */
const VIN_CHARACTERS = /^[A-HJ-NPR-Z0-9]{17}$/;

/** The value of each VIN character in the check digit's sum (ISO 3779 / North-American transliteration). */
// prettier-ignore
const VIN_VALUES: Readonly<Record<string, number>> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};

/** The weight of each position (the 9th, the check digit itself, weighs 0). */
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/**
 * The check digit a VIN should carry at position 9 ('0'–'9' or 'X'), computed from the other 16
 * characters; undefined when `vin` is not 17 valid characters (normalise it first).
 */
export function vinCheckDigit(vin: string): string | undefined {
  if (!VIN_CHARACTERS.test(vin)) return undefined;
  let sum = 0;
  for (const [index, char] of [...vin].entries()) {
    const value = /\d/.test(char) ? Number(char) : (VIN_VALUES[char] ?? 0);
    sum += value * (VIN_WEIGHTS[index] ?? 0);
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** True for a VIN made for North America (first character 1–5), where the check digit is mandatory. */
export function isNorthAmericanVin(vin: string): boolean {
  return /^[1-5]/.test(vin);
}

/** Why a (normalised) VIN is refused, as the form shows it, or undefined when it is valid. */
export function vinProblem(vin: string): string | undefined {
  if (vin.length !== VIN_LENGTH) {
    return `Il telaio deve avere ${VIN_LENGTH} caratteri (ne ha ${vin.length})`;
  }
  if (!VIN_CHARACTERS.test(vin)) {
    return 'Il telaio può contenere solo lettere e cifre, mai le lettere I, O e Q';
  }
  // European VINs often carry no check digit: a mismatch is refused only where it is mandatory.
  if (vinCheckDigit(vin) !== vin.charAt(8) && isNorthAmericanVin(vin)) {
    return 'Il telaio non è valido: la cifra di controllo non corrisponde';
  }
  return undefined;
}

/** True for a valid VIN, written any way (lower case, spaces): see vinProblem. */
export function isValidVin(vin: string): boolean {
  return vinProblem(normaliseVin(vin)) === undefined;
}

/** Limits of a donor vehicle's fields (docs/product.md, "Veicoli"). */
export const VEHICLE_LIMITS = {
  targaMax: 20,
  vinLength: VIN_LENGTH,
  codiceMotoreMax: 50,
  coloreMax: 50,
  noteMax: 2000,
  kmMax: 2_000_000,
  /** Photos of one vehicle; the first is its cover. */
  immaginiMax: 12,
  /** Vehicles of a list page when the client names no limit. */
  pageDefault: 20,
} as const;
