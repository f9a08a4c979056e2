// Support contact dialog: the support phone and e-mail (the support chat replaces it once it exists).
import { Mail, Phone } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { useConfig } from '@/client/lib/use-api';

export function SupportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { supportPhone, supportEmail } = useConfig();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Contact support</DialogTitle>
          <DialogDescription>We're here 24/7 for questions about a reservation, a lot or a refund.</DialogDescription>
        </DialogHeader>
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
      </DialogContent>
    </Dialog>
  );
}
