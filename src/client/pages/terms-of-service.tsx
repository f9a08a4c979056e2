// /terms-of-service: the static Terms of Service (noindex).
import { LegalPage } from '@/client/features/legal/legal-page';
import { TERMS } from '@/client/features/legal/terms';

export default function TermsOfServicePage() {
  return <LegalPage doc={TERMS} />;
}
