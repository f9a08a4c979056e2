// The Auth dialog (spec section 2): opens on demand from anywhere, switches between sign-in and
// create-account, closes on dismiss and calls the caller's callback on success. The window itself
// loads on first use (or when a pointer or focus reaches a Sign In button).
import { createContext, Suspense, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { DialogLoading } from '@/client/components/ui/dialog-loading';
import type { SessionUser } from './use-session';
import { preloadable } from '@/client/lib/lazy';

const AuthDialogView = preloadable('auth-dialog', () => import('./auth-dialog-view'));

/** Starts fetching the dialog's code, so opening it is instant. */
export function prefetchAuthDialog() {
  void AuthDialogView.preload();
}

export type AuthMode = 'login' | 'register';

interface AuthDialogApi {
  openAuth: (mode?: AuthMode, onSuccess?: (user: SessionUser) => void) => void;
}

const AuthDialogContext = createContext<AuthDialogApi>({ openAuth: () => undefined });

export function useAuthDialog() {
  return use(AuthDialogContext);
}

interface State {
  /** False until first opened: nothing of the dialog is loaded or mounted before that. */
  used: boolean;
  open: boolean;
  mode: AuthMode;
  opener: HTMLElement | null;
  onSuccess?: (user: SessionUser) => void;
}

export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>({ used: false, open: false, mode: 'login', opener: null });
  const openAuth = useCallback<AuthDialogApi['openAuth']>(
    (mode = 'login', onSuccess) => setState({ used: true, open: true, mode, onSuccess, opener: document.activeElement instanceof HTMLElement ? document.activeElement : null }),
    [],
  );
  const api = useMemo(() => ({ openAuth }), [openAuth]);
  const close = () => setState((s) => ({ ...s, open: false, onSuccess: undefined }));
  const succeed = (user: SessionUser) => {
    const callback = state.onSuccess;
    close();
    callback?.(user);
  };

  return (
    <AuthDialogContext value={api}>
      {children}
      {state.used && (
        <Suspense fallback={<DialogLoading />}>
          <AuthDialogView
            open={state.open}
            mode={state.mode}
            returnFocus={state.opener}
            onModeChange={(mode) => setState((s) => ({ ...s, mode }))}
            onClose={close}
            onSuccess={succeed}
          />
        </Suspense>
      )}
    </AuthDialogContext>
  );
}
