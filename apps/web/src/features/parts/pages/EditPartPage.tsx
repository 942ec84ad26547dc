/** Placeholder until the parts screens land. */
export default function EditPartPage() {
  return <h1>EditPartPage</h1>;
}
