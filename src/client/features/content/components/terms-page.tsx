export default function Page() {
  return <div className="p-10">terms-page (in progress)</div>;
}
