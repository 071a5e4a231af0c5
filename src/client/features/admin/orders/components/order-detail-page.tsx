/** Placeholder until this area of the console is built. */
export default function OrderDetailPage() {
  return <h1 className="text-2xl font-bold">Order</h1>;
}
