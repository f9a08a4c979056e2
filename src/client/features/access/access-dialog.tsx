// The Access Detailed Information dialog ($0.99): opened from anywhere with the location to unlock.
// Its content (forms, schemas, Stripe) loads on demand.
import { createContext, lazy, Suspense, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { Dialog, DialogContent } from '@/client/components/ui/dialog';
import { Spinner } from '@/client/components/ui/spinner';

export interface AccessRequest {
  locationCode: string;
  locationName: string;
  /** Called once access is granted (e.g. to select the lot the traveller picked). */
  onUnlocked?: () => void;
}

const AccessContext = createContext<{ openAccess: (request: AccessRequest) => void }>({ openAccess: () => undefined });
const AccessDialogContent = lazy(() => import('./access-dialog-content'));

export function useAccessDialog() {
  return use(AccessContext);
}

export function AccessDialogProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<AccessRequest | null>(null);
  const openAccess = useCallback((r: AccessRequest) => setRequest(r), []);
  const api = useMemo(() => ({ openAccess }), [openAccess]);
  return (
    <AccessContext value={api}>
      {children}
      <Dialog open={Boolean(request)} onOpenChange={(open) => !open && setRequest(null)}>
        <DialogContent className="max-w-lg" aria-describedby={undefined}>
          {request && (
            <Suspense fallback={<Spinner className="mx-auto my-16" label="Loading" />}>
              <AccessDialogContent
                request={request}
                onDone={() => {
                  const callback = request.onUnlocked;
                  setRequest(null);
                  callback?.();
                }}
              />
            </Suspense>
          )}
        </DialogContent>
      </Dialog>
    </AccessContext>
  );
}
