// The Access Detailed Information dialog's window, loaded on first use with its forms, schemas and Radix.
import { Dialog, DialogContent } from '@/client/components/ui/dialog';
import type { AccessRequest } from './access-dialog';
import AccessDialogContent from './access-dialog-content';

export default function AccessDialogView({
  request,
  returnFocus,
  onClose,
  onDone,
}: {
  request: AccessRequest | null;
  returnFocus: HTMLElement | null;
  onClose: () => void;
  onDone: () => void;
}) {
  return (
    <Dialog open={Boolean(request)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg" aria-describedby={undefined} returnFocus={returnFocus}>
        {request && <AccessDialogContent request={request} onDone={onDone} />}
      </DialogContent>
    </Dialog>
  );
}
