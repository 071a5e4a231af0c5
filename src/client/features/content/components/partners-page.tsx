export default function Page() {
  return <div className="p-10">partners-page (in progress)</div>;
}
