export default function Page() {
  return <div className="p-10">discord-page (in progress)</div>;
}
