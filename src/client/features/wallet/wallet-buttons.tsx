// "Add to Apple Wallet" and "Save to Google Wallet" under the pass, each only when its keys are configured
// (the public config says so). Apple's is a plain link to the .pkpass (Safari opens Wallet's preview); Google's
// asks for the signed save link when pressed (it is made per booking) and goes there.
import { useQueryClient } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/toast';
import { useTRPC } from '@/client/lib/trpc';
import { useConfig } from '@/client/lib/use-api';

export interface WalletRef {
  confirmationNumber: string;
  /** The manage link's token (guests); the owner's session is enough without it. */
  token?: string | null;
}

export function WalletButtons({ confirmationNumber, token }: WalletRef) {
  const config = useConfig();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [opening, setOpening] = useState(false);
  if (!config.appleWallet && !config.googleWallet) return null;
  const query = token ? `?token=${encodeURIComponent(token)}` : '';

  async function saveToGoogle() {
    setOpening(true);
    try {
      const { saveUrl } = await queryClient.fetchQuery({ ...trpc.wallet.google.queryOptions({ confirmationNumber, token: token ?? undefined }), staleTime: 0 });
      window.location.assign(saveUrl);
    } catch (err) {
      toast({ title: 'Google Wallet Unavailable', description: (err as Error).message || 'Please try again.', variant: 'destructive' });
    } finally {
      setOpening(false);
    }
  }

  return (
    <div className="flex w-full flex-col gap-3 print:hidden" role="group" aria-label="Add the pass to a wallet">
      {config.appleWallet && (
        <Button asChild variant="outline" className="w-full">
          <a href={`/api/bookings/${encodeURIComponent(confirmationNumber)}/wallet/apple${query}`} type="application/vnd.apple.pkpass">
            <Wallet className="size-4" aria-hidden="true" /> Add to Apple Wallet
          </a>
        </Button>
      )}
      {config.googleWallet && (
        <Button type="button" variant="outline" className="w-full" loading={opening} onClick={() => void saveToGoogle()}>
          <Wallet className="size-4" aria-hidden="true" /> Save to Google Wallet
        </Button>
      )}
    </div>
  );
}
