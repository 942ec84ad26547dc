/** Placeholder until the account screens land. */
export default function NewPasswordPage() {
  return <h1>NewPasswordPage</h1>;
}
