export default function Page() {
  return <div className="p-10">configurator-page (in progress)</div>;
}
