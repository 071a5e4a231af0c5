export default function Page() {
  return <div className="p-10">support-page (in progress)</div>;
}
