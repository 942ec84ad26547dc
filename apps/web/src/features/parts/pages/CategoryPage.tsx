/** Placeholder until the parts screens land. */
export default function CategoryPage() {
  return <h1>CategoryPage</h1>;
}
