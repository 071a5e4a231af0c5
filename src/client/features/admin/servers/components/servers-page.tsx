/** Placeholder until this area of the console is built. */
export default function ServersPage() {
  return <h1 className="text-2xl font-bold">Servers</h1>;
}
