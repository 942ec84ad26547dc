/** Placeholder until the account screens land. */
export default function LoginPage() {
  return <h1>LoginPage</h1>;
}
