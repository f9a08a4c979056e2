// The typed fallback to the scanner: a confirmation number, checked with the same schema as the server.
import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { ZConfirmationNumber } from '@/shared/schemas/gate';

export function PassEntry({ onSubmit, busy }: { onSubmit: (confirmationNumber: string) => void; busy: boolean }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZConfirmationNumber.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a confirmation number.');
      return;
    }
    setError(null);
    setValue(parsed.data);
    onSubmit(parsed.data);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-1.5">
      <Label htmlFor="gate-confirmation">Confirmation number</Label>
      <div className="flex gap-2">
        <Input
          id="gate-confirmation"
          name="confirmationNumber"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="PP-7K3M9Q2H"
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="search"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'gate-confirmation-error' : 'gate-confirmation-hint'}
          className="h-12 font-mono text-base uppercase placeholder:normal-case"
        />
        <Button type="submit" size="lg" className="h-12" loading={busy}>
          {!busy && <Search className="size-4" aria-hidden="true" />} Check
        </Button>
      </div>
      {error ? (
        <p id="gate-confirmation-error" className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        <p id="gate-confirmation-hint" className="text-xs text-muted-foreground">
          As printed under the QR code on the parking pass.
        </p>
      )}
    </form>
  );
}
