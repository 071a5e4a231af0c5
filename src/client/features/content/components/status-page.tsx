export default function Page() {
  return <div className="p-10">status-page (in progress)</div>;
}
