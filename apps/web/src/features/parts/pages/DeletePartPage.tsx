/** Placeholder until the parts screens land. */
export default function DeletePartPage() {
  return <h1>DeletePartPage</h1>;
}
