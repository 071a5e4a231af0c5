/** Placeholder until this area of the console is built. */
export default function JobsPage() {
  return <h1 className="text-2xl font-bold">Jobs</h1>;
}
