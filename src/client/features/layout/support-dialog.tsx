// Support from the header: signed in, the support chat (lazy) that finds bookings and acts on them;
// signed out, the 24/7 phone and e-mail with a way to sign in for booking help.
import { Mail, Phone } from 'lucide-react';
import { Suspense } from 'react';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useAuthDialog } from '@/client/features/auth/auth-dialog';
import { useSession } from '@/client/features/auth/use-session';
import { useConfig } from '@/client/lib/use-api';
import { preloadable } from '@/client/lib/lazy';

const SupportChat = preloadable('support-chat', () => import('./support-chat'));

export default function SupportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { supportPhone, supportEmail } = useConfig();
  const { user } = useSession();
  const { openAuth } = useAuthDialog();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={user ? 'max-h-[95dvh] overflow-y-auto sm:max-w-3xl' : undefined}>
        <DialogHeader>
          <DialogTitle>{user ? 'Support' : 'Contact support'}</DialogTitle>
          <DialogDescription>
            {user ? `We answer 24/7. You can also call ${supportPhone} or write to ${supportEmail}.` : "We're here 24/7 for questions about a reservation, a lot or a refund."}
          </DialogDescription>
        </DialogHeader>
        {user ? (
          <Suspense fallback={<Skeleton className="h-96 w-full" />}>
            <SupportChat />
          </Suspense>
        ) : (
          <>
            <ul className="mt-2 space-y-3 text-sm">
              <li>
                <a href={`tel:${supportPhone.replace(/[^\d+]/g, '')}`} className="flex items-center gap-3 rounded-md border border-border p-3 hover:bg-muted">
                  <Phone className="size-4 text-primary" aria-hidden="true" />
                  <span>
                    <span className="block font-medium">Call us</span>
                    <span className="text-muted-foreground">{supportPhone}</span>
                  </span>
                </a>
              </li>
              <li>
                <a href={`mailto:${supportEmail}`} className="flex items-center gap-3 rounded-md border border-border p-3 hover:bg-muted">
                  <Mail className="size-4 text-primary" aria-hidden="true" />
                  <span>
                    <span className="block font-medium">E-mail us</span>
                    <span className="text-muted-foreground">{supportEmail}</span>
                  </span>
                </a>
              </li>
            </ul>
            <Button
              variant="outline"
              onClick={() => {
                onOpenChange(false);
                openAuth('login');
              }}
            >
              Sign in to get help with a booking
            </Button>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
