/**
 * `count` texts of 1 to `longest` characters drawn from `alphabet`, the same on every run (a
 * xorshift32 generator seeded with `seed`): for checks of a tokenizer against another.
 */
export function randomTexts(
  seed: number,
  alphabet: readonly string[],
  count: number,
  longest = 40,
): string[] {
  let state = seed;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  return Array.from({ length: count }, () => {
    const length = 1 + Math.floor(random() * longest);
    return Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
  });
}
