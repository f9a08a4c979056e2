// The Access Detailed Information dialog ($0.99): opened from anywhere with the location to unlock.
// The window (forms, schemas, Stripe, Radix) loads on first use.
import { createContext, Suspense, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { DialogLoading } from '@/client/components/ui/dialog-loading';
import { preloadable } from '@/client/lib/lazy';

export interface AccessRequest {
  locationCode: string;
  locationName: string;
  /** Called once access is granted (e.g. to select the lot the traveller picked). */
  onUnlocked?: () => void;
}

const AccessContext = createContext<{ openAccess: (request: AccessRequest) => void }>({ openAccess: () => undefined });
const AccessDialogView = preloadable('access-dialog', () => import('./access-dialog-view'));

export function useAccessDialog() {
  return use(AccessContext);
}

export function AccessDialogProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<AccessRequest | null>(null);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const openAccess = useCallback((r: AccessRequest) => {
    setOpener(document.activeElement instanceof HTMLElement ? document.activeElement : null);
    setUsed(true);
    setRequest(r);
  }, []);
  const api = useMemo(() => ({ openAccess }), [openAccess]);
  return (
    <AccessContext value={api}>
      {children}
      {used && (
        <Suspense fallback={<DialogLoading />}>
          <AccessDialogView
            request={request}
            returnFocus={opener}
            onClose={() => setRequest(null)}
            onDone={() => {
              const callback = request?.onUnlocked;
              setRequest(null);
              callback?.();
            }}
          />
        </Suspense>
      )}
    </AccessContext>
  );
}
