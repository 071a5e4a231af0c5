export default function Page() {
  return <div className="p-10">home-page (in progress)</div>;
}
