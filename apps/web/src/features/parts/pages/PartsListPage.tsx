/** Placeholder until the parts screens land. */
export default function PartsListPage() {
  return <h1>PartsListPage</h1>;
}
