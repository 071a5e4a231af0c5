export default function Page() {
  return <div className="p-10">success-page (in progress)</div>;
}
