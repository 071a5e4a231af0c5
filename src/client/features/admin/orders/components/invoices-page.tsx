/** Placeholder until this area of the console is built. */
export default function InvoicesPage() {
  return <h1 className="text-2xl font-bold">Invoices</h1>;
}
