// The Auth dialog (spec section 2): opens on demand from anywhere, switches between sign-in and
// create-account, closes on dismiss and calls the caller's callback on success.
import { createContext, lazy, Suspense, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Dialog, DialogContent, DialogTitle } from '@/client/components/ui/dialog';
import { Spinner } from '@/client/components/ui/spinner';
import type { SessionUser } from './use-session';

// The cards (and the zod schemas they validate with) load on demand, keeping the first page light.
const loadCards = () => Promise.all([import('./sign-in-card'), import('./sign-up-card')]);
const SignInCard = lazy(() => loadCards().then(([m]) => ({ default: m.SignInCard })));
const SignUpCard = lazy(() => loadCards().then(([, m]) => ({ default: m.SignUpCard })));

export type AuthMode = 'login' | 'register';

interface AuthDialogApi {
  openAuth: (mode?: AuthMode, onSuccess?: (user: SessionUser) => void) => void;
}

const AuthDialogContext = createContext<AuthDialogApi>({ openAuth: () => undefined });

export function useAuthDialog() {
  return use(AuthDialogContext);
}

export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ open: boolean; mode: AuthMode; onSuccess?: (user: SessionUser) => void }>({
    open: false,
    mode: 'login',
  });
  const openAuth = useCallback<AuthDialogApi['openAuth']>((mode = 'login', onSuccess) => setState({ open: true, mode, onSuccess }), []);
  const api = useMemo(() => ({ openAuth }), [openAuth]);
  // Fetch the cards once the page is idle, so opening the dialog is instant.
  useEffect(() => {
    const id = setTimeout(() => void loadCards(), 2000);
    return () => clearTimeout(id);
  }, []);
  const close = () => setState((s) => ({ ...s, open: false, onSuccess: undefined }));
  const succeed = (user: SessionUser) => {
    const callback = state.onSuccess;
    close();
    callback?.(user);
  };

  return (
    <AuthDialogContext value={api}>
      {children}
      <Dialog open={state.open} onOpenChange={(open) => !open && close()}>
        <DialogContent className="max-w-md sm:p-8" aria-describedby={undefined}>
          <Suspense fallback={<Spinner className="mx-auto my-16" label="Loading" />}>
          {state.mode === 'login' ? (
            <SignInCard titleAs={DialogTitle} onSuccess={succeed} onSwitch={() => setState((s) => ({ ...s, mode: 'register' }))} onNavigate={close} />
          ) : (
            <SignUpCard titleAs={DialogTitle} onSuccess={succeed} onSwitch={() => setState((s) => ({ ...s, mode: 'login' }))} />
          )}
          </Suspense>
        </DialogContent>
      </Dialog>
    </AuthDialogContext>
  );
}
