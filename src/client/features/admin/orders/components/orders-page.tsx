/** Placeholder until this area of the console is built. */
export default function OrdersPage() {
  return <h1 className="text-2xl font-bold">Orders</h1>;
}
