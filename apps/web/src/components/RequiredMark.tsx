/** The asterisk of a required field; screen readers hear "required" from the input instead. */
export function RequiredMark() {
  return (
    <span className="required-mark" aria-hidden="true">
      {' *'}
    </span>
  );
}
