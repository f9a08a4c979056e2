// /privacy-policy: the static Privacy Policy (noindex).
import { LegalPage } from '@/client/features/legal/legal-page';
import { PRIVACY } from '@/client/features/legal/privacy';

export default function PrivacyPolicyPage() {
  return <LegalPage doc={PRIVACY} />;
}
