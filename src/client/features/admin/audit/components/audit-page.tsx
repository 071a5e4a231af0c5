/** Placeholder until this area of the console is built. */
export default function AuditPage() {
  return <h1 className="text-2xl font-bold">Audit log</h1>;
}
