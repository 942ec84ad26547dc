/** Placeholder until the account screens land. */
export default function SentPasswordPage() {
  return <h1>SentPasswordPage</h1>;
}
