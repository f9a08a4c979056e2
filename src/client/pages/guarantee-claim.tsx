// /manage/{confirmation}/guarantee: "The lot turned me away", for the booking's owner signed in or its manage
// link (?token=). The claim itself is in features/manage/guarantee-claim.tsx.
import { useParams, useSearch } from 'wouter';
import { GuaranteeClaim } from '@/client/features/manage/guarantee-claim';

export default function GuaranteeClaimPage() {
  const { confirmation = '' } = useParams<{ confirmation?: string }>();
  const token = new URLSearchParams(useSearch()).get('token') ?? undefined;
  return <GuaranteeClaim confirmation={confirmation} token={token} />;
}
