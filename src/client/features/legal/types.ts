// Shape of a legal document (terms, privacy) rendered by LegalPage.
// Text may contain {brand}, {email} and {phone}; the page fills them in (headings and titles are shown as written).

export interface LegalSection {
  /** Anchor id: a slug of the heading without its number. */
  id: string;
  /** Numbered heading, e.g. '1. Acceptance of These Terms'. */
  heading: string;
  paragraphs: string[];
  /** Shown after all the paragraphs, so the last paragraph should introduce the list. */
  bullets?: string[];
}

export interface LegalDocument {
  title: string;
  lastUpdated: string;
  intro: string;
  sections: LegalSection[];
}
