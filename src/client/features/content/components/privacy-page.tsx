export default function Page() {
  return <div className="p-10">privacy-page (in progress)</div>;
}
