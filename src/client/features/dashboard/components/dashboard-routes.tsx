export default function Page() {
  return <div className="p-10">dashboard-routes (in progress)</div>;
}
