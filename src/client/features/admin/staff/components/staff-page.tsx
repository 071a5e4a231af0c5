/** Placeholder until this area of the console is built. */
export default function StaffPage() {
  return <h1 className="text-2xl font-bold">Staff</h1>;
}
