/** Placeholder until this area of the console is built. */
export default function CustomersPage() {
  return <h1 className="text-2xl font-bold">Customers</h1>;
}
