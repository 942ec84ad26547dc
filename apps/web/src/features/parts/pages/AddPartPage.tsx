/** Placeholder until the parts screens land. */
export default function AddPartPage() {
  return <h1>AddPartPage</h1>;
}
