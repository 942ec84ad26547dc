import type { PartInput } from '@magazzino/contract';
import { CATEGORIES, COLOURS, CONDITIONS, MAKES, type Make } from './demo-catalogue.js';
import { photosFor, type DemoPhoto } from './demo-photos.js';

/** The seed of the demo warehouse: the same parts on every machine. */
export const DEMO_SEED = 20_240_501;

/** A small, fast, seeded PRNG (mulberry32): deterministic numbers in [0, 1). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Random = () => number;

function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function between(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** A part number in the make's own style: `#` becomes a digit, `@` a letter. */
function partCode(random: Random, make: Make): string {
  return pick(random, make.codePatterns).replace(/[#@]/g, (slot) =>
    slot === '#' ? String(between(random, 0, 9)) : String.fromCharCode(65 + between(random, 0, 25)),
  );
}

function weightedCondition(random: Random): readonly [string, number, string] {
  const total = CONDITIONS.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const condition of CONDITIONS) {
    roll -= condition[1];
    if (roll < 0) return condition;
  }
  return CONDITIONS[0] ?? ['Buona', 1, ''];
}

const CATEGORY_NAMES = Object.keys(CATEGORIES);

/**
 * A yard's asking price for a used part of this weight, in whole euro ending in 0 or 5: computed,
 * not drawn, so the parts of a seed stay the same as before prices existed.
 */
function askingPrice(pesoKg: number): number {
  return Math.max(10, Math.round((12 + pesoKg * 6) / 5) * 5);
}
const LAST_YEAR = 2024;

/**
 * `count` realistic parts, always the same for the same seed: a real make and model with a
 * version and a year it was built in, a part of a category with a plausible weight (grams
 * precision), an OEM-style code, a condition and a place on the shelves. Each category has its
 * own aisle (scaffale A, B, C...), heavy parts sit on the bottom shelf.
 */
export function generateDemoParts(count: number, seed: number = DEMO_SEED): PartInput[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const categoria = pick(random, CATEGORY_NAMES);
    const kind = pick(random, CATEGORIES[categoria] ?? []);
    const make = pick(random, MAKES);
    const model = pick(random, make.models);
    const anno = between(random, model.from, Math.min(model.to, LAST_YEAR));
    const versione = pick(random, model.versioni);
    const [condizione, , statusNote] = weightedCondition(random);
    const [minKg, maxKg] = kind.peso;
    const peso = Math.round((minKg + random() * (maxKg - minKg)) * 1000) / 1000;
    const colour = categoria === 'Carrozzeria' ? ` Colore: ${pick(random, COLOURS)}.` : '';
    return {
      nome: kind.nome,
      descrizione: `${kind.nota}. ${statusNote}${colour} Smontato da ${make.marca} ${model.modello} ${versione} del ${anno}.`,
      categoria,
      codice: partCode(random, make),
      condizione,
      peso,
      prezzo: askingPrice(peso),
      scaffale: String.fromCharCode(65 + CATEGORY_NAMES.indexOf(categoria)),
      campata: String(between(random, 1, 6)),
      ripiano: peso >= 10 ? '1' : String(between(random, 2, 5)),
      cassetta: peso >= 10 ? 'Bancale' : String(between(random, 1, 12)),
      marca: make.marca,
      modello: model.modello,
      versione,
      annoImmatricolazione: String(anno),
      urlImmagine: null,
    };
  });
}

/** Share of demo parts with a photo: the others show 'Nessuna foto', like stock not yet photographed. */
export const PHOTO_SHARE = 0.88;

/**
 * The photo of each part (null: none), always the same for the same parts and seed: a photo of
 * its kind of part when one is drawn, else one of its category. Drawn from a random stream of its
 * own, so the parts themselves are the same as without photos.
 */
export function chooseDemoPhotos(
  parts: readonly Pick<PartInput, 'categoria' | 'nome'>[],
  seed: number = DEMO_SEED,
): (DemoPhoto | null)[] {
  const random = seededRandom(seed ^ 0x0f07_0f07);
  return parts.map((part) => {
    // Two numbers per part whatever the outcome: one part's photo never shifts the next one's.
    const photographed = random() < PHOTO_SHARE;
    const choice = random();
    const candidates = photosFor(part.categoria, part.nome);
    return photographed ? (candidates[Math.floor(choice * candidates.length)] ?? null) : null;
  });
}
