/** Placeholder until this area of the console is built. */
export default function ServerDetailPage() {
  return <h1 className="text-2xl font-bold">Server</h1>;
}
