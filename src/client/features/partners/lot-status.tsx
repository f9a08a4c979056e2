// A partner lot's state as the partner and the administrator see it: a draft waits for approval, then the lot is
// listed, unlisted, or suspended with its partner.
import { Badge } from '@/client/components/ui/badge';

export type PartnerLotStatus = 'draft' | 'listed' | 'unlisted' | 'suspended';

export const LOT_STATUS_LABEL: Record<PartnerLotStatus, string> = {
  draft: 'Draft — waiting for approval',
  listed: 'Listed',
  unlisted: 'Unlisted',
  suspended: 'Suspended',
};

const VARIANT = { draft: 'warning', listed: 'success', unlisted: 'outline', suspended: 'destructive' } as const;

export function LotStatusBadge({ status }: { status: PartnerLotStatus }) {
  return <Badge variant={VARIANT[status]}>{LOT_STATUS_LABEL[status]}</Badge>;
}
