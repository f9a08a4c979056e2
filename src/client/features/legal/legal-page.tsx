// Renders a legal document (terms, privacy) with a table of contents; fills in brand and contacts.
import { ACCESS_FEE_TEXT, SERVICE_FEE_TEXT } from '@/shared/pricing';
import { useConfig } from '@/client/lib/use-api';
import type { LegalDocument } from './types';

export function LegalPage({ doc }: { doc: LegalDocument }) {
  const { brandName, supportEmail, supportPhone } = useConfig();
  const fill = (text: string) =>
    text
      .replaceAll('{brand}', brandName)
      .replaceAll('{email}', supportEmail)
      .replaceAll('{phone}', supportPhone)
      .replaceAll('{serviceFee}', SERVICE_FEE_TEXT)
      .replaceAll('{accessFee}', ACCESS_FEE_TEXT);

  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="border-b border-border pb-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{doc.title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">Last updated {doc.lastUpdated}</p>
        <p className="mt-4 leading-7 text-muted-foreground">{fill(doc.intro)}</p>
      </header>
      <nav aria-label="Sections" className="my-8 rounded-lg border border-border bg-muted/40 p-5">
        <h2 className="text-sm font-semibold">Contents</h2>
        <ol className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2">
          {doc.sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="text-primary hover:underline">
                {s.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="space-y-10">
        {doc.sections.map((s) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`} className="scroll-mt-24">
            <h2 id={`${s.id}-heading`} className="text-xl font-semibold tracking-tight">
              {s.heading}
            </h2>
            {s.paragraphs.map((p, i) => (
              <p key={i} className="mt-3 leading-7 text-foreground/90">
                {fill(p)}
              </p>
            ))}
            {s.bullets && (
              <ul className="mt-3 list-disc space-y-1.5 pl-6 leading-7 text-foreground/90">
                {s.bullets.map((b, i) => (
                  <li key={i}>{fill(b)}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </article>
  );
}
