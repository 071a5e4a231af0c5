export default function Page() {
  return <div className="p-10">about-page (in progress)</div>;
}
