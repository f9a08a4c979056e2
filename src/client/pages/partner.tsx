// /partner (the partner portal) and /partner/invitation (the e-mailed link to join): one small page whose two
// screens are split components (lib/lazy.tsx), so the route table, in every page's code, names few chunks.
import { useLocation } from 'wouter';
import { preloadable } from '@/client/lib/lazy';

const Portal = preloadable('partner-portal', () => import('@/client/features/partners/portal'));
const Invitation = preloadable('partner-invitation', () => import('@/client/features/partners/invitation'));

export default function PartnerPage() {
  const [path] = useLocation();
  return path === '/partner/invitation' ? <Invitation /> : <Portal />;
}
