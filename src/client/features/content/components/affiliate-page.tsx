export default function Page() {
  return <div className="p-10">affiliate-page (in progress)</div>;
}
