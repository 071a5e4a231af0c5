export default function Page() {
  return <div className="p-10">blog-page (in progress)</div>;
}
