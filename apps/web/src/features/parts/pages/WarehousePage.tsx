/** Placeholder until the parts screens land. */
export default function WarehousePage() {
  return <h1>WarehousePage</h1>;
}
