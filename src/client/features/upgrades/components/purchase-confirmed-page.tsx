export default function Page() {
  return <div className="p-10">purchase-confirmed-page (in progress)</div>;
}
