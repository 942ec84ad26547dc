/**
 * A decorative 24 × 24 line pictogram drawn with the text colour: `path` is its SVG path data
 * (empty states, dashboard cards). Hidden from assistive technology: the text next to it says it.
 */
export function LineIcon({ path }: { path: string }) {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}
