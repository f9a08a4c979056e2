// Background jobs in the back office: e-mails, refunds and periodic runs waiting, running or given up, with the
// last error of each failed one and a Retry button (after fixing the mail server, say). Polled like the other figures.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/toast';
import { useTRPC } from '@/client/lib/trpc';
import { ADMIN_POLL_MS } from '@/shared/constants';
import { adminDate, ListCard } from './stat';

const KIND_LABELS: Record<string, string> = {
  'mail.send': 'E-mail',
  'mail.booking-confirmation': 'Booking confirmation e-mail',
  'mail.booking-cancelled': 'Cancellation e-mail',
  'mail.set-password': 'Set-password e-mail',
  'mail.verify-email': 'Verification e-mail',
  'mail.password-reset': 'Password reset e-mail',
  'payments.refund': 'Refund',
};

/** A periodic run's kind is `periodic.<task>` (src/server/jobs/kinds.ts). */
const kindLabel = (kind: string) => KIND_LABELS[kind] ?? (kind.startsWith('periodic.') ? `Periodic task ${kind.slice('periodic.'.length)}` : kind);

export function JobsCard() {
  const trpc = useTRPC();
  const jobs = useQuery(trpc.admin.jobs.queryOptions(undefined, { refetchInterval: ADMIN_POLL_MS }));
  const queryClient = useQueryClient();
  const retry = useMutation(
    trpc.admin.retryJob.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Job queued again', variant: 'success' });
        void queryClient.invalidateQueries(trpc.admin.jobs.queryFilter());
      },
      onError: (err) => toast({ title: 'Retry failed', description: err.message, variant: 'destructive' }),
    }),
  );
  const j = jobs.data;
  return (
    <ListCard
      title="Background jobs"
      loading={!j}
      empty={j && j.deadJobs.length === 0 && `No failed jobs. ${j.queued} waiting, ${j.running} running, ${j.scheduled} scheduled for later.`}
    >
      {j && j.deadJobs.length > 0 && (
        <div className="space-y-3">
          <p className="text-sm text-muted-foreground">{`${j.dead} failed after every retry · ${j.queued} waiting · ${j.running} running · ${j.scheduled} scheduled for later`}</p>
          <ul className="divide-y divide-border text-sm" aria-label="Failed jobs">
            {j.deadJobs.map((job) => (
              <li key={job.id} className="flex flex-wrap items-start justify-between gap-3 py-2.5">
                <div className="min-w-0 flex-1 basis-60">
                  <p className="font-medium">
                    {kindLabel(job.kind)} <Badge variant="outline">{`${job.attempts} tries`}</Badge>
                  </p>
                  <p className="text-muted-foreground [overflow-wrap:anywhere]">{job.lastError ?? 'No error recorded'}</p>
                  <p className="text-xs text-muted-foreground">{`Gave up ${job.finishedAt ? adminDate(job.finishedAt) : ''}`}</p>
                </div>
                <Button size="sm" variant="outline" loading={retry.isPending && retry.variables?.id === job.id} onClick={() => retry.mutate({ id: job.id })}>
                  <RotateCcw className="size-4" aria-hidden="true" /> Retry
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </ListCard>
  );
}
