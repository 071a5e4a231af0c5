export default function Page() {
  return <div className="p-10">faq-page (in progress)</div>;
}
