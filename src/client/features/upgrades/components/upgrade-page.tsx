export default function Page() {
  return <div className="p-10">upgrade-page (in progress)</div>;
}
