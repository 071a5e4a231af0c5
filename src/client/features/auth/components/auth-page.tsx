export default function Page() {
  return <div className="p-10">auth-page (in progress)</div>;
}
