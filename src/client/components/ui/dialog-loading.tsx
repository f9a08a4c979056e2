// What a dialog shows while its code loads on first use: the dialog's dimmed backdrop and a spinner,
// so the click that opened it is answered at once.
import { Spinner } from './spinner';

export function DialogLoading() {
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-black/50">
      <Spinner className="rounded-full bg-background p-3 shadow-lg" label="Loading" />
    </div>
  );
}
