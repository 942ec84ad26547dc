import { splitByMatches, type MatchOptions } from './highlight';

interface HighlightProps extends MatchOptions {
  text: string;
  /** The words searched for; none: the text as it is. */
  terms: readonly string[];
}

/** The text with every match of the search marked (<mark>), accents and case ignored. */
export function Highlight({ text, terms, lettersAndDigitsOnly }: HighlightProps) {
  if (terms.length === 0) return text;
  return splitByMatches(text, terms, { lettersAndDigitsOnly }).map((piece, index) =>
    piece.match ? (
      <mark key={index} className="parts-match">
        {piece.text}
      </mark>
    ) : (
      piece.text
    ),
  );
}
