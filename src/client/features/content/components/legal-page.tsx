import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';

export interface LegalTable {
  caption: string;
  columns: string[];
  rows: string[][];
}

export interface LegalSection {
  id: string;
  title: string;
  paragraphs: string[];
  list?: string[];
  table?: LegalTable;
  /** Paragraphs that follow the list or table. */
  notes?: string[];
  link?: { to: string; label: string };
}

export interface LegalDocument {
  title: string;
  intro: string;
  lastUpdated: string;
  sections: LegalSection[];
}

function numbered(index: number, title: string) {
  return `${index + 1}. ${title}`;
}

function Table({ table }: { table: LegalTable }) {
  return (
    <div
      className="overflow-x-auto rounded-xl border border-line"
      tabIndex={0}
      role="region"
      aria-label={table.caption}
    >
      <table className="w-full min-w-[20rem] border-collapse text-left text-sm">
        <caption className="sr-only">{table.caption}</caption>
        <thead className="bg-surface-2">
          <tr>
            {table.columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-3 font-semibold text-ink sm:px-4">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row[0]} className="border-t border-line">
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="px-3 py-3 font-semibold text-ink sm:px-4">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className="px-3 py-3 text-muted sm:px-4">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Section({ section, index }: { section: LegalSection; index: number }) {
  const headingId = `${section.id}-heading`;
  return (
    <section id={section.id} aria-labelledby={headingId} className="scroll-mt-24 space-y-4">
      <h2 id={headingId} className="text-xl font-bold text-ink sm:text-2xl">
        {numbered(index, section.title)}
      </h2>
      {section.paragraphs.map((text) => (
        <p key={text} className="leading-relaxed text-muted">
          {text}
        </p>
      ))}
      {section.list && (
        <ul className="list-disc space-y-2 pl-6 text-muted marker:text-accent">
          {section.list.map((item) => (
            <li key={item} className="leading-relaxed">
              {item}
            </li>
          ))}
        </ul>
      )}
      {section.table && <Table table={section.table} />}
      {section.notes?.map((text) => (
        <p key={text} className="leading-relaxed text-muted">
          {text}
        </p>
      ))}
      {section.link && (
        <p>
          <Link to={section.link.to} className="font-semibold text-accent underline-offset-4 hover:underline">
            {section.link.label}
          </Link>
        </p>
      )}
    </section>
  );
}

/** A legal document: numbered sections, each with an anchor, and a table of contents. */
export function LegalPage({ doc }: { doc: LegalDocument }) {
  return (
    <>
      <PageHeader eyebrow="Legal" title={doc.title}>
        <p>{doc.intro}</p>
      </PageHeader>
      <div className="mx-auto max-w-5xl px-4 py-12 sm:py-16">
        <p className="mb-8 text-sm text-muted">
          Last updated: <span className="font-semibold text-ink">{doc.lastUpdated}</span>
        </p>
        <div className="grid gap-10 lg:grid-cols-[15rem_1fr]">
          <nav aria-labelledby="legal-toc-heading" className="lg:sticky lg:top-24 lg:self-start">
            <div className="rounded-2xl border border-line bg-surface p-5">
              <h2 id="legal-toc-heading" className="mb-3 text-sm font-semibold uppercase tracking-wider text-ink">
                Contents
              </h2>
              <ol className="space-y-2 text-sm">
                {doc.sections.map((section, index) => (
                  <li key={section.id}>
                    <a href={`#${section.id}`} className="text-muted hover:text-accent">
                      {numbered(index, section.title)}
                    </a>
                  </li>
                ))}
              </ol>
            </div>
          </nav>
          <div className="min-w-0 space-y-12">
            {doc.sections.map((section, index) => (
              <Section key={section.id} section={section} index={index} />
            ))}
          </div>
        </div>
      </div>
    </>
  );
}
