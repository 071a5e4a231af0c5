export default function Page() {
  return <div className="p-10">deploy-page (in progress)</div>;
}
