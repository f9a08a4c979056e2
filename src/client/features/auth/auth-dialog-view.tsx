// The Auth dialog's window: sign-in or create-account in a modal. Loaded on first use (with the Radix
// dialog and the zod schemas the cards validate with), keeping the first page light.
import { Dialog, DialogContent, DialogTitle } from '@/client/components/ui/dialog';
import { SignInCard } from './sign-in-card';
import { SignUpCard } from './sign-up-card';
import type { AuthMode } from './auth-dialog';
import type { SessionUser } from './use-session';

export default function AuthDialogView({
  open,
  mode,
  returnFocus,
  onModeChange,
  onClose,
  onSuccess,
}: {
  open: boolean;
  mode: AuthMode;
  /** The control that opened the dialog: focus goes back to it on close. */
  returnFocus: HTMLElement | null;
  onModeChange: (mode: AuthMode) => void;
  onClose: () => void;
  onSuccess: (user: SessionUser) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-md sm:p-8" aria-describedby={undefined} returnFocus={returnFocus}>
        {mode === 'login' ? (
          <SignInCard titleAs={DialogTitle} onSuccess={onSuccess} onSwitch={() => onModeChange('register')} onNavigate={onClose} />
        ) : (
          <SignUpCard titleAs={DialogTitle} onSuccess={onSuccess} onSwitch={() => onModeChange('login')} />
        )}
      </DialogContent>
    </Dialog>
  );
}
