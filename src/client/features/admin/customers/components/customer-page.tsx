/** Placeholder until this area of the console is built. */
export default function CustomerPage() {
  return <h1 className="text-2xl font-bold">Customer</h1>;
}
