/** Placeholder until the parts screens land. */
export default function CategoriesPage() {
  return <h1>CategoriesPage</h1>;
}
