/** Placeholder until this area of the console is built. */
export default function StaffHomePage() {
  return <h1 className="text-2xl font-bold">Staff home</h1>;
}
