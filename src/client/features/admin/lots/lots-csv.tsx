// CSV in the Lots tab: Export downloads every lot; Import checks a file first (every line's problems, nothing
// written) and applies it only when it is clean, all rows or none.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, FileUp, TriangleAlert, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { toast } from '@/client/components/ui/toast';
import { downloadText } from '@/client/lib/download';
import { useTRPC, useTRPCClient, type RouterOutputs } from '@/client/lib/trpc';
import { CSV_LIMITS, LOT_CSV_COLUMNS } from '@/shared/schemas/catalogue-admin';

type Report = RouterOutputs['adminCatalogue']['importLots'];
const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

export function ExportButton() {
  const trpcClient = useTRPCClient();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      // Straight from the server every time (the cache would hand back an old file).
      const file = await trpcClient.adminCatalogue.exportLots.query();
      downloadText(file.filename, file.csv);
      toast({ title: 'Lots exported', description: `${plural(file.rows, 'lot')} in ${file.filename}`, variant: 'success' });
    } catch (err) {
      toast({ title: 'Export failed', description: (err as Error).message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="outline" loading={busy} onClick={() => void download()}>
      {!busy && <Download className="size-4" aria-hidden="true" />} Export CSV
    </Button>
  );
}

export function ImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const trpc = useTRPC();
  const id = useId();
  const queryClient = useQueryClient();
  const check = useMutation(trpc.adminCatalogue.importLots.mutationOptions());
  const apply = useMutation(trpc.adminCatalogue.importLots.mutationOptions());
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState<string | null>(null);

  function reset() {
    setFile(null);
    setReport(null);
    setError(null);
  }

  async function pick(chosen: File | undefined) {
    reset();
    if (!chosen) return;
    if (chosen.size > CSV_LIMITS.maxBytes) return setError('The file is larger than 2 MB: split it into several files');
    const csv = await chosen.text();
    setFile({ name: chosen.name, csv });
    try {
      setReport(await check.mutateAsync({ csv, dryRun: true }));
    } catch (err) {
      setError((err as Error).message);
    }
  }

  async function run() {
    if (!file) return;
    try {
      const done = await apply.mutateAsync({ csv: file.csv, dryRun: false });
      await Promise.all([
        queryClient.invalidateQueries(trpc.adminCatalogue.pathFilter()),
        queryClient.invalidateQueries(trpc.search.pathFilter()),
        queryClient.invalidateQueries(trpc.catalogue.pathFilter()),
      ]);
      toast({ title: 'Import complete', description: `${plural(done.creates, 'new lot')}, ${plural(done.updates, 'lot')} updated.`, variant: 'success' });
      onOpenChange(false);
      reset();
    } catch (err) {
      setError((err as Error).message);
    }
  }

  const clean = report && report.errors.length === 0;
  const changes = report ? report.creates + report.updates : 0;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) reset();
      }}
    >
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Import lots from CSV</DialogTitle>
          <DialogDescription>
            The file is checked first and nothing is written until every line is right. Rows with an id update that lot; rows without one add a new lot.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-file`}>CSV file (up to 2 MB, {CSV_LIMITS.maxRows.toLocaleString('en-US')} lots)</Label>
          <Input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            className="h-auto py-1.5"
            onChange={(e) => void pick(e.target.files?.[0])}
            aria-describedby={`${id}-columns`}
          />
          <p id={`${id}-columns`} className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
            Columns: {LOT_CSV_COLUMNS.join(', ')}. Lists (amenities, features, vehicle types) are separated by |. Export first to get a file in this shape.
          </p>
        </div>
        <div aria-live="polite" className="space-y-3">
          {check.isPending && <p className="text-sm text-muted-foreground">{`Checking ${file?.name ?? 'the file'}…`}</p>}
          {error && (
            <p role="alert" className="flex gap-2 rounded-md border border-destructive/30 bg-destructive/10 p-3 text-sm text-destructive">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> {error}
            </p>
          )}
          {report && <Summary report={report} />}
          {report && report.errors.length > 0 && <ErrorTable errors={report.errors} />}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={() => void run()} loading={apply.isPending} disabled={!clean || changes === 0 || check.isPending}>
            {!apply.isPending && <Upload className="size-4" aria-hidden="true" />} {clean && changes ? `Apply ${plural(changes, 'change')}` : 'Apply'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Summary({ report }: { report: Report }) {
  const items = [
    ['Rows', report.rows],
    ['New', report.creates],
    ['Updated', report.updates],
    ['Unchanged', report.unchanged],
  ] as const;
  return (
    <div className="space-y-2">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {items.map(([k, v]) => (
          <div key={k} className="rounded-md border border-border px-3 py-2">
            <dt className="text-xs text-muted-foreground">{k}</dt>
            <dd className="text-lg font-semibold">{v.toLocaleString('en-US')}</dd>
          </div>
        ))}
      </dl>
      <p className={report.errors.length ? 'text-sm font-medium text-destructive' : 'text-sm text-muted-foreground'}>
        {report.errors.length
          ? `${plural(report.errors.length, 'line')} with problems: fix ${report.errors.length === 1 ? 'it' : 'them'} and choose the file again. Nothing was imported.`
          : report.creates + report.updates
            ? 'Every line is valid. Apply to write all of them at once.'
            : 'Every line is valid and matches the catalogue already: nothing to change.'}
      </p>
    </div>
  );
}

function ErrorTable({ errors }: { errors: Report['errors'] }) {
  return (
    <div className="max-h-72 overflow-auto rounded-md border border-border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Problems by line</caption>
        <thead className="sticky top-0 bg-muted text-xs uppercase text-muted-foreground">
          <tr>
            <th scope="col" className="w-16 px-3 py-2">
              Line
            </th>
            <th scope="col" className="px-3 py-2">
              Problems
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {errors.map((e) => (
            <tr key={e.line} className="align-top">
              <td className="px-3 py-2 font-mono font-semibold">{e.line}</td>
              <td className="px-3 py-2">
                <ul className="space-y-1">
                  {e.messages.map((m, i) => (
                    <li key={i} className="[overflow-wrap:anywhere]">
                      {m}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ImportButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="outline" onClick={onClick}>
      <FileUp className="size-4" aria-hidden="true" /> Import CSV
    </Button>
  );
}
