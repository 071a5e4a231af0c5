export default function Page() {
  return <div className="p-10">sla-page (in progress)</div>;
}
