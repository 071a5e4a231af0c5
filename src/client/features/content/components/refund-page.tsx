export default function Page() {
  return <div className="p-10">refund-page (in progress)</div>;
}
