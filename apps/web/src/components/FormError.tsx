/** The server's error for a whole form, in red under it and announced to screen readers. */
export function FormError({ message }: { message: string | null | undefined }) {
  return (
    <div role="alert" className="form-error mt-3">
      {message}
    </div>
  );
}
