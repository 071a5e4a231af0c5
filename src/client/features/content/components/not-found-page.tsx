export default function Page() {
  return <div className="p-10">not-found-page (in progress)</div>;
}
