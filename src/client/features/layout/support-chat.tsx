// Support chat (lazy; signed in): finds bookings by confirmation number, explains refunds, and acts on a
// booking through the Support action dialog (cancel, refund, receipt, contact the lot). The sidebar shows
// the 3 most recent bookings; each request carries the last 5 messages.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SERVICE_FEE_TEXT } from '@/shared/pricing';
import { Ban, CalendarClock, Mail, MessageSquareText, ReceiptText, Undo2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/client/components/ui/dialog';
import { Label } from '@/client/components/ui/label';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/components/ui/toast';
import { ChatInput } from '@/client/features/chat/chat-input';
import { ChatMessages, newMessage, type ChatMessage } from '@/client/features/chat/chat-messages';
import { useTRPC, type RouterOutputs } from '@/client/lib/trpc';
import { SUPPORT_HISTORY_MESSAGES, SUPPORT_SIDEBAR_BOOKINGS } from '@/shared/constants';
import { formatStay } from '@/shared/format';
import { formatPrice } from '@/shared/pricing';

type BookingData = NonNullable<RouterOutputs['support']['chat']['bookingData']>;
type Action = 'cancel' | 'refund' | 'receipt' | 'contact_property';

const FAILURE = "I apologize, but I'm experiencing technical difficulties. Please try again or contact our support team directly.";
const ACTIONS: Record<Action, { label: string; icon: typeof Ban; field: string; placeholder: string; done: string; requiresReason?: boolean; cancels?: boolean }> = {
  cancel: { label: 'Cancel booking', icon: Ban, field: 'Reason', placeholder: 'Plans changed, flight cancelled…', done: 'Booking Cancelled', cancels: true },
  refund: { label: 'Request refund', icon: Undo2, field: 'Reason', placeholder: 'Why do you need a refund?', done: 'Refund Processed', cancels: true },
  receipt: { label: 'E-mail receipt', icon: ReceiptText, field: 'Notes (optional)', placeholder: 'Anything we should add?', done: 'Receipt Sent' },
  contact_property: {
    label: 'Contact the lot',
    icon: MessageSquareText,
    field: 'Message for the lot',
    placeholder: 'I will arrive late, around 11 pm…',
    done: 'Message Sent',
    requiresReason: true,
  },
};

export default function SupportChat() {
  const trpc = useTRPC();
  const history = useQuery(trpc.bookings.history.queryOptions());
  const [messages, setMessages] = useState<ChatMessage[]>(() => [
    newMessage('assistant', 'Hi! How can we help? Send a confirmation number (like PP-ABCD2345) or ask about a cancellation, a refund or a receipt.'),
  ]);
  const [text, setText] = useState('');
  const [action, setAction] = useState<{ type: Action; booking: BookingData } | null>(null);
  const chat = useMutation(trpc.support.chat.mutationOptions());
  const inputRef = useRef<HTMLInputElement>(null);
  const recent = (history.data ?? []).slice(0, SUPPORT_SIDEBAR_BOOKINGS);

  async function ask(message: string) {
    const trimmed = message.trim();
    if (!trimmed || chat.isPending) return;
    setText('');
    const conversationHistory = messages
      .filter((m) => m.role !== 'system')
      .slice(-SUPPORT_HISTORY_MESSAGES)
      .map((m) => ({ role: m.role, content: m.content }));
    setMessages((m) => [...m, newMessage('user', trimmed)]);
    try {
      const reply = await chat.mutateAsync({ message: trimmed, conversationHistory });
      const data = reply.bookingData;
      setMessages((m) => [
        ...m,
        newMessage('assistant', reply.response, data ? <BookingCard booking={data} onAction={(type) => setAction({ type, booking: data })} /> : undefined),
      ]);
    } catch {
      setMessages((m) => [...m, newMessage('assistant', FAILURE)]);
    } finally {
      requestAnimationFrame(() => inputRef.current?.focus());
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void ask(text);
  };

  return (
    <div className="grid min-h-0 gap-4 md:grid-cols-[200px_1fr]">
      <aside aria-labelledby="support-recent" className="space-y-2">
        <h3 id="support-recent" className="text-sm font-semibold">
          Recent bookings
        </h3>
        {history.isPending ? (
          <div className="space-y-2">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : recent.length === 0 ? (
          <p className="text-sm text-muted-foreground">No bookings yet.</p>
        ) : (
          <ul className="flex gap-2 overflow-x-auto md:flex-col md:overflow-visible">
            {recent.map((b) => (
              <li key={b.id} className="min-w-44 md:min-w-0">
                <button
                  type="button"
                  onClick={() => void ask(`Booking ${b.confirmationNumber}`)}
                  className="w-full rounded-md border border-border p-2 text-left text-xs hover:border-primary focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <span className="block font-mono font-semibold">{b.confirmationNumber}</span>
                  <span className="block truncate text-muted-foreground">{b.providerName}</span>
                  <span className="block capitalize text-muted-foreground">{b.status}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </aside>
      <div className="flex min-h-0 flex-col overflow-hidden rounded-lg border border-border">
        <ChatMessages messages={messages} typing={chat.isPending} label="Conversation with support" className="h-[min(24rem,50dvh)]" />
        <ChatInput
          inputRef={inputRef}
          text={text}
          setText={setText}
          onSubmit={submit}
          placeholder="Type your question or a confirmation number"
          label="Message support"
          pending={chat.isPending}
        />
      </div>
      {action && (
        <ActionDialog
          action={action.type}
          booking={action.booking}
          onClose={() => setAction(null)}
          onDone={(message) => setMessages((m) => [...m, newMessage('system', message)])}
        />
      )}
    </div>
  );
}

function BookingCard({ booking: b, onAction }: { booking: BookingData; onAction: (type: Action) => void }) {
  const actions: Action[] = b.status === 'confirmed' && b.cancellable ? ['cancel', 'refund', 'receipt', 'contact_property'] : ['receipt', 'contact_property'];
  return (
    <div className="space-y-2 rounded-lg border border-border bg-background p-3 text-sm">
      <div className="flex items-center justify-between gap-2">
        <span className="font-mono font-semibold">{b.confirmationNumber}</span>
        <Badge variant="outline" className="capitalize">
          {b.status}
        </Badge>
      </div>
      <p className="font-medium">{b.providerName}</p>
      <p className="flex items-start gap-1.5 text-xs text-muted-foreground">
        <CalendarClock className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
        {`${formatStay(b.arrivalDate)} – ${formatStay(b.departureDate)}`}
      </p>
      <p className="text-xs text-muted-foreground">{`Total ${formatPrice(b.totalFee)}`}</p>
      <div className="flex flex-wrap gap-1.5 pt-1">
        {actions.map((type) => {
          const { label, icon: Icon } = ACTIONS[type];
          return (
            <Button key={type} size="sm" variant="outline" className="h-8 px-2 text-xs" onClick={() => onAction(type)}>
              <Icon className="size-3.5" aria-hidden="true" /> {label}
            </Button>
          );
        })}
      </div>
    </div>
  );
}

function ActionDialog({ action, booking, onClose, onDone }: { action: Action; booking: BookingData; onClose: () => void; onDone: (message: string) => void }) {
  const trpc = useTRPC();
  const meta = ACTIONS[action];
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const queryClient = useQueryClient();
  const refund = useMutation(trpc.support.refund.mutationOptions());
  const receipt = useMutation(trpc.support.receipt.mutationOptions());
  const contact = useMutation(trpc.support.contactProperty.mutationOptions());
  const pending = refund.isPending || receipt.isPending || contact.isPending;

  async function run() {
    if (meta.requiresReason && !reason.trim()) return setError('Please write the message for the lot.');
    const input = { type: action, bookingId: booking.id, reason };
    try {
      const result = await (action === 'receipt' ? receipt : action === 'contact_property' ? contact : refund).mutateAsync(input);
      if (meta.cancels) await Promise.all([queryClient.invalidateQueries(trpc.bookings.history.queryFilter()), queryClient.invalidateQueries(trpc.search.providers.queryFilter())]);
      onDone(result.message);
      toast({ title: meta.done, description: result.message, variant: 'success' });
      onClose();
    } catch (err) {
      toast({ title: 'Action Failed', description: (err as Error).message || 'Unable to complete the requested action.', variant: 'destructive' });
    }
  }

  const refundNote =
    meta.cancels &&
    (booking.refundIfCancelledNow.card > 0
      ? `This cancels the booking and refunds ${formatPrice(booking.refundIfCancelledNow.card)} to your card. The ${SERVICE_FEE_TEXT} service fee is not refundable.`
      : "This cancels the booking. Under the lot's policy it is not refundable any more.");

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{`${meta.label}: ${booking.confirmationNumber}`}</DialogTitle>
        <DialogDescription>
          {refundNote || (action === 'receipt' ? `We'll e-mail an itemised receipt for this booking.` : `We'll pass your message to ${booking.providerName}.`)}
        </DialogDescription>
        <div className="space-y-1.5">
          <Label htmlFor="support-reason">{meta.field}</Label>
          <Textarea
            id="support-reason"
            value={reason}
            onChange={(e) => (setReason(e.target.value), setError(''))}
            placeholder={meta.placeholder}
            maxLength={1000}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'support-reason-error' : undefined}
          />
          {error && (
            <p id="support-reason-error" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Back
          </Button>
          <Button variant={meta.cancels ? 'destructive' : 'default'} loading={pending} onClick={() => void run()}>
            {action === 'contact_property' ? (
              <>
                <Mail className="size-4" aria-hidden="true" /> Send
              </>
            ) : (
              meta.label
            )}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
