export default function Page() {
  return <div className="p-10">blog-post-page (in progress)</div>;
}
